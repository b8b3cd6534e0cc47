import type { RatingSummary, Review } from '@souq/contracts';
import { isDefaultAvatar } from '@souq/contracts/constants';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { formatDate } from '~/shared/dates';
import { documentLocale } from '~/shared/i18n';
import { useSite } from '~/shared/site';
import { useOnAnswer } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { fetchReviews } from './api';
import { Stars } from './product-card';
import { PhotoStrip } from '~/shared/ui/photo-strip';

export function RatingSummaryView({ summary }: { summary: RatingSummary }) {
  const { t } = useSite();
  return (
    <div className="rating-summary" data-testid="rating-summary">
      <div className="rating-summary__score">
        <strong>{summary.rating.toFixed(1)}</strong>
        <Stars rating={summary.rating} size={18} />
        <span className="muted">{t('product.reviews_count', { count: summary.total_review })}</span>
      </div>
      <ul className="rating-summary__bars">
        {[5, 4, 3, 2, 1].map((star) => {
          const pct = summary.percentages[String(star)] ?? 0;
          return (
            <li key={star}>
              <span className="rating-summary__star">
                {star}
                <span className="star" aria-hidden="true" />
              </span>
              <span
                className="rating-summary__bar"
                role="progressbar"
                aria-valuenow={pct}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label={t('product.stars_share', { star, pct })}
              >
                <span style={{ inlineSize: `${pct}%` }} />
              </span>
              <span className="rating-summary__pct">{pct}%</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A further page of a product's or a shop's reviews (routes/resources/reviews.ts), or `failed`. */
export type ReviewsPage = { page: number; reviews: Review[] } | { page: number; failed: true };

export async function loadReviewsPage({ request }: { request: Request }): Promise<ReviewsPage> {
  const q = new URL(request.url).searchParams;
  const num = (k: string) => (q.get(k) ? Number(q.get(k)) : undefined);
  const page = num('page') ?? 1;
  try {
    const next = await fetchReviews(
      { locale: documentLocale() },
      { product_id: num('product_id'), shop_id: num('shop_id'), page, per_page: num('per_page') },
    );
    return { page, reviews: next.reviews };
  } catch (e) {
    console.warn('reviews failed to load', e);
    return { page, failed: true };
  }
}

/** The reviews of a product or a shop: summary, list, and Load more (a fetcher's load of the next page). */
export function ReviewsSection({
  target,
  summary,
  initial,
  total,
  perPage,
  id = 'reviews',
}: {
  target: { product_id: number } | { shop_id: number };
  summary: RatingSummary;
  initial: Review[];
  total: number;
  perPage: number;
  id?: string;
}) {
  const { t, locale } = useSite();
  const [shown, setShown] = useState({ reviews: initial, page: 1 });
  const fetcher = useFetcher<ReviewsPage>();
  useOnAnswer(fetcher.data, (next) => {
    if ('failed' in next) return;
    setShown((s) => ({
      reviews: [...s.reviews, ...next.reviews.filter((x) => !s.reviews.some((y) => y.id === x.id))],
      page: next.page,
    }));
  });
  const { reviews, page } = shown;
  const loading = fetcher.state !== 'idle';
  const failed = !loading && fetcher.data !== undefined && 'failed' in fetcher.data;
  const more = () => {
    const query = new URLSearchParams({ page: String(page + 1), per_page: String(perPage) });
    for (const [k, v] of Object.entries(target)) query.set(k, String(v));
    void fetcher.load(`/resources/reviews?${query}`);
  };

  return (
    <section className="section reviews" id={id} data-testid="reviews" aria-labelledby={`${id}-title`}>
      <div className="section__head">
        <h2 className="section__title" id={`${id}-title`}>
          {t('product.reviews')}
        </h2>
      </div>
      {summary.total_review === 0 ? (
        <p className="muted">{t('product.no_reviews')}</p>
      ) : (
        <div className="reviews__layout">
          <RatingSummaryView summary={summary} />
          <div>
            <ul className="reviews__list">
              {reviews.map((r) => (
                <li className="review" key={r.id} data-testid="review">
                  <div className="review__head">
                    {!isDefaultAvatar(r.customer_profile) ? (
                      <Img src={r.customer_profile} alt="" width={36} height={36} className="review__avatar" />
                    ) : (
                      <span className="review__avatar review__avatar--initial" aria-hidden="true">
                        {r.customer_name.trim().charAt(0)}
                      </span>
                    )}
                    <div>
                      <strong>{r.customer_name}</strong>
                      <div className="review__meta">
                        <Stars rating={r.rating} />
                        <time dateTime={r.created_at_iso} className="muted">
                          {formatDate(r.created_at_iso, locale)}
                        </time>
                      </div>
                    </div>
                  </div>
                  {r.description ? <p className="review__text">{r.description}</p> : null}
                  <PhotoStrip photos={r.photos ?? []} by={r.customer_name} />
                  {r.reply ? (
                    <div className="review__reply" data-testid="review-reply">
                      <strong className="review__reply-title">{t('review.shop_reply')}</strong>
                      <p className="review__text" dir="auto">
                        {r.reply}
                      </p>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            {reviews.length < total ? (
              <button type="button" className="btn btn-ghost" onClick={more} disabled={loading} data-testid="reviews-more">
                {loading ? <span className="spinner" aria-hidden="true" /> : null}
                {t('product.more_reviews')}
              </button>
            ) : null}
            {failed ? (
              <p className="muted" role="alert">
                {t('catalog.load_failed')}
              </p>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
