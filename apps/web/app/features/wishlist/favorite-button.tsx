import { useState } from 'react';
import { useAuth } from '~/shared/auth-store';
import { openOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { ApiError } from '~/shared/api';
import { HeartIcon } from '~/shared/ui/icons';
import { toggleFavorite } from './api';
import { useIsFavorite } from '~/shared/wishlist-store';

/**
 * Heart toggle for a product: adds it to or removes it from the wishlist. A guest (or an expired
 * session) gets 'Please login first!' and the login dialog (SPEC §6, §8).
 */
export function FavoriteButton({
  productId,
  initial = false,
  className = '',
  onChange,
}: {
  productId: number;
  initial?: boolean;
  className?: string;
  onChange?(added: boolean): void;
}) {
  const { t, locale } = useSite();
  const signedIn = useAuth((s) => s.token !== null);
  // The signed-in customer's favourites (loaded after hydration, kept current by every toggle) win;
  // before they arrive, this button's own last answer, else what the server rendered.
  const known = useIsFavorite(productId);
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const pressed = signedIn && (known ?? answered ?? initial);

  const click = async () => {
    if (busy) return;
    if (!signedIn) {
      toast.error(t('account.login_first'));
      openOverlay('login');
      return;
    }
    setBusy(true);
    try {
      const res = await toggleFavorite(productId, locale);
      setAnswered(res.added);
      onChange?.(res.added);
      toast.success(t(res.added ? 'account.favorite_added' : 'account.favorite_removed'));
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        toast.error(t('account.login_first'));
        openOverlay('login');
      } else toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
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
      onClick={() => void click()}
      data-testid="favorite-button"
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : <HeartIcon size={20} fill={pressed ? 'currentColor' : 'none'} />}
    </button>
  );
}
