import { useFetcher } from 'react-router';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { HeartIcon } from '~/shared/ui/icons';
import { toast } from '~/shared/ui/toast';
import { openOverlay } from '~/shared/ui-store';
import { FAVORITES, useIsFavorite } from '~/shared/wishlist-store';
import type { FavoriteAnswer } from './favorite-data';

/**
 * Heart toggle for a product: adds it to or removes it from the wishlist through the favourites' action
 * (/resources/favorites). A guest (or an expired session) gets 'Please login first!' and the login
 * dialog (SPEC §6, §8).
 */
export function FavoriteButton({
  productId,
  initial = false,
  className = '',
}: {
  productId: number;
  initial?: boolean;
  className?: string;
}) {
  const { t } = useSite();
  const signedIn = useAuth((s) => s.token !== null);
  // The signed-in customer's favourites (loaded after hydration, kept current by every toggle) win;
  // before they arrive, this button's own last answer, else what the server rendered.
  const known = useIsFavorite(productId);
  const fetcher = useFetcher<FavoriteAnswer>();
  const busy = fetcher.state !== 'idle';
  const answered = fetcher.data && 'added' in fetcher.data ? fetcher.data.added : null;
  const pressed = signedIn && (known ?? answered ?? initial);

  const click = () => {
    if (busy) return;
    if (!signedIn) {
      toast.error(t('account.login_first'));
      openOverlay('login');
      return;
    }
    // The catalogue page it is on does not change with it.
    void fetcher.submit({ product_id: productId }, { method: 'post', action: FAVORITES, defaultShouldRevalidate: false });
  };

  return (
    <button
      type="button"
      className={`circle fav-btn${pressed ? ' is-on' : ''} ${className}`}
      aria-pressed={pressed}
      aria-label={t(pressed ? 'account.favorite_remove' : 'account.favorite_add')}
      title={t(pressed ? 'account.favorite_remove' : 'account.favorite_add')}
      // Not `disabled` while the answer comes: that would throw the keyboard's focus out to the page.
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={click}
      data-testid="favorite-button"
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : <HeartIcon size={20} fill={pressed ? 'currentColor' : 'none'} />}
    </button>
  );
}
