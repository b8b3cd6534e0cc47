import type { ReactNode } from 'react';
import { useT } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';

/** A Yes / Cancel question on the shared accessible dialog. */
export function ConfirmDialog({
  open,
  title,
  children,
  busy = false,
  onConfirm,
  onClose,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('common.close')} testId={testId} className="acc-confirm">
      {children ? <p className="acc-confirm__text">{children}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy} autoFocus>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn acc-btn-danger" onClick={onConfirm} disabled={busy} data-testid="confirm-yes">
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('common.yes')}
        </button>
      </div>
    </Dialog>
  );
}
