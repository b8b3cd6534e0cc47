import { Link, useNavigation } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { sellerMeta } from '~/features/seller/meta';
import { SellerReviewCard } from '~/features/seller/review-card';
import { loadSellerReviews, RATINGS, sellerReviewAction, sellerReviewsHref } from '~/features/seller/reviews-data';
import { SELLER_REVIEWS_PER_PAGE } from '@souq/contracts/constants';
import { useSite, useT } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/reviews';

export const meta = sellerMeta('page.seller_reviews');

export const clientLoader = loadSellerReviews;
export const clientAction = sellerReviewAction;

function ReviewsSkeleton() {
  return (
    <ul className="seller-reviews__list" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="skeleton seller-review--skeleton" />
      ))}
    </ul>
  );
}

export function HydrateFallback() {
  const t = useT();
  return (
    <div className="seller-reviews" data-testid="seller-reviews">
      <AccountHeading title={t('seller_reviews.title')} />
      <ReviewsSkeleton />
    </div>
  );
}

/** The star filter: All, then 5 to 1 stars, as links (the address holds the filter). */
function RatingFilter({ current }: { current: number | null }) {
  const { t } = useSite();
  const options: Array<number | null> = [null, ...RATINGS];
  return (
    <nav className="seller-reviews__filter" aria-label={t('seller_reviews.filter')} data-testid="seller-reviews-filter">
      {options.map((r) => (
        <Link
          key={r ?? 'all'}
          to={sellerReviewsHref(r)}
          className={`chip${r === current ? ' is-active' : ''}`}
          aria-current={r === current ? 'page' : undefined}
        >
          {r === null ? t('seller_reviews.all') : t('seller_reviews.stars', { count: r })}
        </Link>
      ))}
    </nav>
  );
}

/** /seller/reviews?rating=&page=: the reviews of the shop's products, newest first, each with its reply. */
export default function SellerReviewsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { rating, page, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/seller/reviews';
  return (
    <div className="seller-reviews" data-testid="seller-reviews">
      <AccountHeading title={t('seller_reviews.title')} />
      <p className="muted seller-lead">{t('seller_reviews.lead')}</p>
      <RatingFilter current={rating} />
      {loading ? (
        <ReviewsSkeleton />
      ) : list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.reviews.length === 0 ? (
        <div className="acc-empty" data-testid="seller-reviews-empty">
          <h2 className="acc-empty__title">{t(rating ? 'seller_reviews.empty_rating' : 'seller_reviews.empty')}</h2>
          {rating ? null : <p className="muted">{t('seller_reviews.empty_text')}</p>}
        </div>
      ) : (
        <>
          <p className="muted seller-reviews__count" aria-live="polite">
            {t('seller_reviews.count', { count: list.data.total })}
          </p>
          <ul className="seller-reviews__list">
            {list.data.reviews.map((r) => (
              <SellerReviewCard key={r.id} review={r} />
            ))}
          </ul>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={SELLER_REVIEWS_PER_PAGE}
            hrefFor={(p) => sellerReviewsHref(rating, p)}
          />
        </>
      )}
    </div>
  );
}
