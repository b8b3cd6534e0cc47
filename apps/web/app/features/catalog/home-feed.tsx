import type { Product } from '@souq/contracts';
import { HOME_FEED_PER_PAGE } from '@souq/contracts/constants';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { documentLocale } from '~/shared/i18n';
import { useSite } from '~/shared/site';
import { useOnAnswer } from '~/shared/ui/form';
import { fetchHome } from './api';
import { ProductGrid } from './product-card';

/** A page of the feed (routes/resources/home-feed.ts), or `failed`. */
export type FeedPage = { page: number; products: Product[]; total: number } | { page: number; failed: true };

export async function loadFeedPage({ request }: { request: Request }): Promise<FeedPage> {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  try {
    const data = await fetchHome({ locale: documentLocale() }, { page, per_page: HOME_FEED_PER_PAGE });
    return {
      page,
      products: data.just_for_you.products,
      total: data.just_for_you.products.length === 0 ? 0 : data.just_for_you.total,
    };
  } catch (e) {
    console.warn('just for you failed to load', e);
    return { page, failed: true };
  }
}

/** "Just for you": the first page comes with the home page; Load more appends the next ones (a fetcher's load of /resources/home-feed). */
export function JustForYou({ initial, total }: { initial: Product[]; total: number }) {
  const { t } = useSite();
  const [shown, setShown] = useState({ products: initial, page: 1, count: total });
  const fetcher = useFetcher<FeedPage>();
  useOnAnswer(fetcher.data, (next) => {
    if ('failed' in next) return;
    setShown((s) => {
      const seen = new Set(s.products.map((p) => p.id));
      return { products: [...s.products, ...next.products.filter((p) => !seen.has(p.id))], page: next.page, count: next.total };
    });
  });
  const { products, page, count } = shown;
  if (products.length === 0) return null;
  const loading = fetcher.state !== 'idle';
  const failed = !loading && fetcher.data !== undefined && 'failed' in fetcher.data;
  const more = () => void fetcher.load(`/resources/home-feed?page=${page + 1}`);

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
