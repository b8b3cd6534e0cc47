import type { Product } from '@souq/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AccountHeading } from '~/features/account/form';
import { TrashIcon } from '~/features/account/icons';
import { setAuth, useAuth } from '~/shared/auth-store';
import { ProductCard, ProductGridSkeleton } from '~/features/catalog/product-card';
import { favoritesStore } from '~/shared/wishlist-store';
import { useStore } from '~/shared/store';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { fetchFavorites, toggleFavorite } from '~/features/wishlist/api';
import { titleMeta } from '~/shared/page';
import { HeartIcon } from '~/shared/ui/icons';

export const meta = titleMeta('page.wishlist');

/** The wishlist (the account layout shows a guest the login dialog instead). */
export default function WishlistPage() {
  const { t, locale } = useSite();
  const token = useAuth((s) => s.token);
  const [loaded, setProducts] = useState<Product[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  // A heart un-ticked on a card takes the product out of the list at once.
  const favoriteIds = useStore(favoritesStore, (st) => (st.loaded ? st.ids : null));
  const products = loaded && favoriteIds ? loaded.filter((p) => favoriteIds.has(p.id)) : loaded;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const res = await fetchFavorites(locale, signal);
        setProducts(res.products);
        favoritesStore.set({ ids: new Set(res.products.map((p) => p.id)), loaded: true });
        setError(null);
        // The list is the truth for the header badge.
        setAuth({ favoriteCount: res.total });
      } catch (e) {
        if (signal?.aborted) return;
        setError(e instanceof Error ? e.message : String(e));
      }
    },
    [locale],
  );

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [token, load]);

  const remove = async (p: Product) => {
    setRemoving(p.id);
    try {
      const res = await toggleFavorite(p.id, locale);
      // Someone else's tab may have removed it already, and the toggle put it back: take it out again.
      if (res.added) await toggleFavorite(p.id, locale);
      setProducts((list) => (list ? list.filter((x) => x.id !== p.id) : list));
      toast.success(t('account.favorite_removed'));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div data-testid="wishlist-page">
      <AccountHeading title={t('account.wishlist')}>
        {products?.length ? <span className="muted">{t('account.items_count', { count: products.length })}</span> : null}
      </AccountHeading>
      {error && !products ? (
        <div className="acc-empty">
          <p className="acc-error" role="alert">
            {error}
          </p>
          <button type="button" className="btn" onClick={() => void load()}>
            {t('account.retry')}
          </button>
        </div>
      ) : !products ? (
        <ProductGridSkeleton count={4} />
      ) : products.length === 0 ? (
        <div className="acc-empty" data-testid="wishlist-empty">
          <span className="acc-empty__icon">
            <HeartIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{t('account.wishlist_empty')}</h2>
          <p className="muted">{t('account.wishlist_empty_text')}</p>
          <Link to="/products" className="btn btn-primary">
            {t('account.browse_products')}
          </Link>
        </div>
      ) : (
        <div className="product-grid acc-wish" data-testid="wishlist-grid">
          {products.map((p, i) => (
            <div className="acc-wish__item" key={p.id} data-testid="wishlist-item">
              <ProductCard product={p} priority={i < 2} headingLevel={2} />
              <button
                type="button"
                className="btn btn-sm btn-block acc-btn-danger-outline"
                onClick={() => void remove(p)}
                disabled={removing !== null}
                aria-label={`${t('account.remove')}: ${p.name}`}
                data-testid="wishlist-remove"
              >
                {removing === p.id ? <span className="spinner" aria-hidden="true" /> : <TrashIcon size={16} />}
                {t('account.remove')}
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
