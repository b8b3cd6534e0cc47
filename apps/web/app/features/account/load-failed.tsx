import { useRevalidator } from 'react-router';
import { useT } from '~/shared/site';

/** An account page whose data could not be loaded: the reason, and a retry that runs its loader again. */
export function LoadFailed({ message }: { message: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const busy = revalidator.state !== 'idle';
  return (
    <div className="acc-empty">
      <p className="acc-error" role="alert">
        {message}
      </p>
      <button
        type="button"
        className="btn"
        onClick={() => void revalidator.revalidate()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('account.retry')}
      </button>
    </div>
  );
}
