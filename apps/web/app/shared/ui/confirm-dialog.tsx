import type { ReactNode } from 'react';
import { useT } from '~/shared/site';
import { Dialog } from './dialog';

/**
 * A Yes / Cancel question on the shared accessible dialog (log out, delete an address, cancel an order).
 * Cancel has focus first; Yes shows a spinner while `busy`. `tone` colours Yes: red for what cannot be
 * undone, the brand colour otherwise.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  busy = false,
  tone = 'danger',
  onConfirm,
  onClose,
  testId,
  yesTestId = 'confirm-yes',
  cancelTestId,
}: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  busy?: boolean;
  tone?: 'danger' | 'primary';
  onConfirm(): void;
  onClose(): void;
  testId?: string;
  yesTestId?: string;
  cancelTestId?: string;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={title} testId={testId} className="confirm-dialog">
      {children ? <p className="confirm-dialog__text">{children}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy} autoFocus data-testid={cancelTestId}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={`btn ${tone === 'danger' ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid={yesTestId}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('common.yes')}
        </button>
      </div>
    </Dialog>
  );
}
