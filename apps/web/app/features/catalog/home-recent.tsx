import type { Product } from '@souq/contracts';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { sessionToken, useAuth } from '~/shared/auth-store';
import { documentLocale } from '~/shared/i18n';
import { useSite } from '~/shared/site';
import { fetchRecentlyViewed } from './api';
import { ProductGrid, ProductGridSkeleton } from './product-card';

/** How many of the customer's last viewed products the home page shows (the API keeps 20). */
const SHOWN = 10;

/** Where the row is loaded (routes/resources/recently-viewed.ts). */
const RECENT = '/resources/recently-viewed';

/** The row's products for the signed-in customer, or `failed` (the row offers a retry). */
export type RecentlyViewedData = { token: string | null; products: Product[]; failed?: boolean };

export async function loadRecentlyViewed({ request }: { request: Request }): Promise<RecentlyViewedData> {
  const token = sessionToken();
  if (!token) return { token, products: [] };
  try {
    const products = await fetchRecentlyViewed({ locale: documentLocale(), token, signal: request.signal });
    return { token, products: products.slice(0, SHOWN) };
  } catch (e) {
    console.warn('recently viewed failed to load', e);
    return { token, products: [], failed: true };
  }
}

/**
 * "Recently viewed" on the home page, for a signed-in customer only: the page itself is the same for
 * everyone, so the row is a fetcher's load of /resources/recently-viewed once the session is known. A
 * skeleton row while it loads, a retry when it fails, nothing at all for a guest or a customer who has
 * viewed nothing yet.
 */
export function RecentlyViewed() {
  const { t, locale } = useSite();
  const token = useAuth((s) => s.token);
  const fetcher = useFetcher<RecentlyViewedData>();
  const { load } = fetcher;
  useEffect(() => {
    if (token) void load(RECENT);
  }, [token, locale, load]);

  // What was loaded for this session (an answer for the one before is not shown).
  const data = fetcher.data?.token === token ? fetcher.data : undefined;
  const retrying = fetcher.state !== 'idle';
  if (!token || (data && !data.failed && data.products.length === 0)) return null;
  return (
    <section
      className="section"
      data-testid="recently-viewed"
      aria-labelledby="recently-viewed-title"
      aria-busy={!data || retrying}
    >
      <div className="section__head">
        <h2 className="section__title" id="recently-viewed-title">
          {t('recent.title')}
        </h2>
      </div>
      {data?.failed ? (
        <div className="recent-failed" role="alert">
          <p className="muted">{t('recent.failed')}</p>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => void load(RECENT)}
            disabled={retrying}
            data-testid="recently-viewed-retry"
          >
            {t('recent.retry')}
          </button>
        </div>
      ) : data ? (
        <ProductGrid products={data.products} wide row testId="recently-viewed-grid" />
      ) : (
        <ProductGridSkeleton count={5} wide row />
      )}
    </section>
  );
}
