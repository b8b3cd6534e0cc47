import { useCallback } from 'react';
import { useFetcher } from 'react-router';
import { closeOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { useSubmission, type ActionResult } from '~/shared/ui/form';
import { AUTH_SUBMIT, type AuthDone } from './auth-data';

/** Log Out confirmation (SPEC §2): Yes / Cancel; Yes is the sign-in dialogs' action's `logout`. */
export function LogoutDialog() {
  const { t } = useSite();
  const open = useOverlay() === 'logout';
  const fetcher = useFetcher<ActionResult<AuthDone>>();
  const { busy } = useSubmission(fetcher, { onDone: () => closeOverlay('logout') });
  const close = useCallback(() => closeOverlay('logout'), []);
  return (
    <ConfirmDialog
      open={open}
      title={t('account.logout')}
      busy={busy}
      tone="primary"
      onConfirm={() => void fetcher.submit({ intent: 'logout' }, AUTH_SUBMIT)}
      onClose={close}
      testId="logout-dialog"
      yesTestId="logout-yes"
      cancelTestId="logout-cancel"
    >
      {t('account.logout_confirm')}
    </ConfirmDialog>
  );
}
