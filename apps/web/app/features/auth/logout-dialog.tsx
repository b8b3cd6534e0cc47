import { useCallback, useState } from 'react';
import { resetCart } from '~/shared/cart-store';
import { closeOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { Dialog } from '~/shared/ui/dialog';
import { authApi } from './api';
import { authStore, clearAuth, runLogoutCleanups } from '~/shared/auth-store';

/**
 * Logs out locally whatever the server says (SPEC §4): user, addresses, token, favourites, then the
 * registered cleanups (chats, active shop) and the cart.
 */
export async function logout(locale: string) {
  const token = authStore.get().token;
  try {
    if (token) await authApi.logout(token, locale);
  } catch (error) {
    console.warn('logout call failed; signed out locally', error);
  }
  clearAuth();
  runLogoutCleanups();
  resetCart();
}

/** Log Out confirmation (SPEC §2): Yes / Cancel. */
export function LogoutDialog() {
  const { t, locale } = useSite();
  const open = useOverlay() === 'logout';
  const [busy, setBusy] = useState(false);
  const close = useCallback(() => closeOverlay('logout'), []);
  const confirm = async () => {
    setBusy(true);
    await logout(locale);
    setBusy(false);
    closeOverlay('logout');
    toast.success(t('account.logout_success'));
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('account.logout')}
      closeLabel={t('common.close')}
      testId="logout-dialog"
      className="auth-dialog"
    >
      <p>{t('account.logout_confirm')}</p>
      <div className="dialog__actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="logout-yes"
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('common.yes')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={close} disabled={busy} data-testid="logout-cancel">
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
