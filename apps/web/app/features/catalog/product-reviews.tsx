import type { RatingSummary, Review } from '@souq/contracts';
import { isDefaultAvatar } from '@souq/contracts/constants';
import { useState } from 'react';
import { useSite } from '~/shared/site';
import { formatDate } from '~/shared/dates';
import { Img } from '~/shared/ui/image';
import { fetchReviews } from './api';
import { Stars } from './product-card';

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

/** The reviews of a product or a shop: summary, list, and Load more. */
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
  const [reviews, setReviews] = useState(initial);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function more() {
    setLoading(true);
    setFailed(false);
    try {
      const next = await fetchReviews({ locale }, { ...target, page: page + 1, per_page: perPage });
      setReviews((r) => [...r, ...next.reviews.filter((x) => !r.some((y) => y.id === x.id))]);
      setPage(page + 1);
    } catch (e) {
      console.warn('reviews failed to load', e);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

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
