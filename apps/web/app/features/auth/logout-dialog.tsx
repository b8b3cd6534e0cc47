import { useCallback } from 'react';
import { closeOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { useBusy } from '~/shared/ui/form';
import { authApi } from './api';
import { authStore, clearAuth, runLogoutCleanups } from '~/shared/auth-store';

/**
 * Logs out locally whatever the server says (SPEC §4): user, addresses, token, favourites, then the
 * registered cleanups (chats, active shop, the cart).
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
}

/** Log Out confirmation (SPEC §2): Yes / Cancel. */
export function LogoutDialog() {
  const { t, locale } = useSite();
  const open = useOverlay() === 'logout';
  const [busy, during] = useBusy();
  const close = useCallback(() => closeOverlay('logout'), []);
  const confirm = () =>
    during(async () => {
      await logout(locale);
      closeOverlay('logout');
      toast.success(t('account.logout_success'));
    });
  return (
    <ConfirmDialog
      open={open}
      title={t('account.logout')}
      busy={busy}
      tone="primary"
      onConfirm={() => void confirm()}
      onClose={close}
      testId="logout-dialog"
      yesTestId="logout-yes"
      cancelTestId="logout-cancel"
    >
      {t('account.logout_confirm')}
    </ConfirmDialog>
  );
}
