import type { Product } from '@souq/contracts';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { loadAccount } from '~/features/account/api';
import { AccountHeading } from '~/features/account/heading';
import { TrashIcon } from '~/features/account/icons';
import { LoadFailed } from '~/features/account/load-failed';
import { afterSessionRead, setAuth } from '~/shared/auth-store';
import { documentLocale } from '~/shared/i18n';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { actionResult, useSubmission, type ActionResult } from '~/shared/ui/form';
import { ProductCard, ProductGridSkeleton } from '~/features/catalog/product-card';
import { favoritesStore } from '~/shared/wishlist-store';
import { useStore } from '~/shared/store';
import { useSite, useT } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { fetchFavorites, toggleFavorite } from '~/features/wishlist/api';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/wishlist';
import { HeartIcon } from '~/shared/ui/icons';

export const meta = titleMeta('page.wishlist');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAccount(async () => {
    const res = await fetchFavorites(documentLocale(), request.signal);
    // The list is the truth for the hearts and the header badge.
    afterSessionRead(() => {
      favoritesStore.set({ ids: new Set(res.products.map((p) => p.id)), loaded: true });
      setAuth({ favoriteCount: res.total });
    });
    return res.products;
  });

/** Takes a product out of the wishlist; the list is loaded again after. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const id = Number((await request.formData()).get('product_id'));
  return actionResult(async () => {
    const res = await toggleFavorite(id, documentLocale());
    // Someone else's tab may have removed it already, and the toggle put it back: take it out again.
    if (res.added) await toggleFavorite(id, documentLocale());
  });
}

function Heading({ count }: { count?: number }) {
  const t = useT();
  return (
    <AccountHeading title={t('account.wishlist')}>
      {count ? <span className="muted">{t('account.items_count', { count })}</span> : null}
    </AccountHeading>
  );
}

export function HydrateFallback() {
  return (
    <div data-testid="wishlist-page">
      <Heading />
      <ProductGridSkeleton count={4} />
    </div>
  );
}

/**
 * The wishlist (the account layout shows a guest the login dialog instead). Remove asks first (SPEC §2's
 * favorite-remove modal): Yes takes the product out, Cancel leaves the list as it was.
 */
export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult>();
  const [toRemove, setToRemove] = useState<Product | null>(null);
  const removing = fetcher.state !== 'idle' ? Number(fetcher.formData?.get('product_id')) : null;
  useSubmission(fetcher, {
    onDone() {
      toast.success(t('account.favorite_removed'));
      setToRemove(null);
    },
  });
  // A heart un-ticked on a card takes the product out of the list at once.
  const favoriteIds = useStore(favoritesStore, (st) => (st.loaded ? st.ids : null));
  if (!loaderData) return <HydrateFallback />;
  const loaded = loaderData.data;
  const products = loaded && favoriteIds ? loaded.filter((p) => favoriteIds.has(p.id)) : loaded;
  const remove = (p: Product) => fetcher.submit({ product_id: p.id }, { method: 'post' });

  return (
    <div data-testid="wishlist-page">
      <Heading count={products?.length} />
      {loaderData.error !== undefined ? (
        <LoadFailed message={loaderData.error} />
      ) : !products ? (
        <ProductGridSkeleton count={4} />
      ) : products.length === 0 ? (
        <div className="acc-empty" data-testid="wishlist-empty">
          <span className="circle acc-empty__icon">
            <HeartIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{t('account.wishlist_empty')}</h2>
          <p className="muted">{t('account.wishlist_empty_text')}</p>
          <Link to="/products" className="btn btn-primary">
            {t('account.browse_products')}
          </Link>
        </div>
      ) : (
        <div className="product-grid grid-cols acc-wish" data-testid="wishlist-grid">
          {products.map((p, i) => (
            <div className="acc-wish__item" key={p.id} data-testid="wishlist-item">
              <ProductCard product={p} priority={i < 2} headingLevel={2} />
              <button
                type="button"
                className="btn btn-sm btn-block acc-btn-danger-outline"
                onClick={() => setToRemove(p)}
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

      <ConfirmDialog
        open={toRemove !== null}
        title={t('account.remove_favorite')}
        busy={removing !== null}
        onConfirm={() => toRemove && void remove(toRemove)}
        onClose={() => removing === null && setToRemove(null)}
        testId="wishlist-remove-dialog"
        cancelTestId="wishlist-remove-cancel"
      >
        {toRemove ? t('account.remove_favorite_confirm', { name: toRemove.name }) : null}
      </ConfirmDialog>
    </div>
  );
}
