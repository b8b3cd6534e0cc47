import type { Product } from '@souq/contracts';
import { HOME_FEED_PER_PAGE } from '@souq/contracts/constants';
import { useState } from 'react';
import { useSite } from '~/shared/site';
import { fetchHome } from './api';
import { ProductGrid } from './product-card';

/** "Just for you": the first page comes with the home page; Load more appends the next ones. */
export function JustForYou({ initial, total }: { initial: Product[]; total: number }) {
  const { t, locale } = useSite();
  const [products, setProducts] = useState(initial);
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(total);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (products.length === 0) return null;

  const more = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const next = page + 1;
      const data = await fetchHome({ locale }, { page: next, per_page: HOME_FEED_PER_PAGE });
      setProducts((list) => {
        const seen = new Set(list.map((p) => p.id));
        return [...list, ...data.just_for_you.products.filter((p) => !seen.has(p.id))];
      });
      setCount(data.just_for_you.products.length === 0 ? 0 : data.just_for_you.total);
      setPage(next);
    } catch (e) {
      console.warn('just for you failed to load', e);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const hasMore = products.length < count;
  return (
    <section className="section" data-testid="just-for-you">
      <div className="section__head">
        <h2 className="section__title">{t('catalog.just_for_you')}</h2>
      </div>
      {/* Wrapped so the feed stacks on phones (direct section grids scroll sideways there). */}
      <div>
        <ProductGrid products={products} wide testId="just-for-you-grid" />
      </div>
      {failed ? (
        <p className="muted feed-more__error" role="alert">
          {t('catalog.load_more_failed')}
        </p>
      ) : null}
      {hasMore ? (
        <div className="feed-more">
          <button type="button" className="btn" onClick={more} disabled={loading} aria-busy={loading} data-testid="load-more">
            {loading ? <span className="spinner" aria-hidden="true" /> : null}
            {loading ? t('catalog.loading') : t('catalog.load_more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
