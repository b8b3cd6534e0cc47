import type { Product } from '@souq/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { fetchRecentlyViewed } from './api';
import { ProductGrid, ProductGridSkeleton } from './product-card';

/** How many of the customer's last viewed products the home page shows (the API keeps 20). */
const SHOWN = 10;

/**
 * "Recently viewed" on the home page, for a signed-in customer only: loaded after hydration with their
 * token (the page itself is the same for everyone). A skeleton row while it loads, a retry when it fails,
 * nothing at all for a guest or a customer who has viewed nothing yet.
 */
export function RecentlyViewed() {
  const { t, locale } = useSite();
  const token = useAuth((s) => s.token);
  const [products, setProducts] = useState<Product[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!token) return;
      setFailed(false);
      try {
        const list = await fetchRecentlyViewed({ locale, token, signal });
        if (!signal?.aborted) setProducts(list.slice(0, SHOWN));
      } catch (e) {
        if (signal?.aborted) return;
        console.warn('recently viewed failed to load', e);
        setFailed(true);
      }
    },
    [locale, token],
  );

  useEffect(() => {
    setProducts(null);
    if (!token) return;
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [token, load]);

  if (!token || products?.length === 0) return null;
  return (
    <section
      className="section"
      data-testid="recently-viewed"
      aria-labelledby="recently-viewed-title"
      aria-busy={!products && !failed}
    >
      <div className="section__head">
        <h2 className="section__title" id="recently-viewed-title">
          {t('recent.title')}
        </h2>
      </div>
      {failed ? (
        <div className="recent-failed" role="alert">
          <p className="muted">{t('recent.failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void load()} data-testid="recently-viewed-retry">
            {t('recent.retry')}
          </button>
        </div>
      ) : products ? (
        <ProductGrid products={products} wide row testId="recently-viewed-grid" />
      ) : (
        <ProductGridSkeleton count={5} wide row />
      )}
    </section>
  );
}
