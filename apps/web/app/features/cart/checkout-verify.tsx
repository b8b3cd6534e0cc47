import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { CodeBoxes, ResendCode, useCodeLength, useCountdown } from '~/features/auth';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { useOnAnswer } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { CheckoutAnswer } from './checkout-data';

/**
 * The code verification modal: with order_place_account_verify on, placing as an unverified customer
 * sends a code to the account's phone (or e-mail) and answers 422; the code verifies the account (the
 * checkout action's `verify`), then the order is confirmed again.
 */
export function VerifyDialog({ message, onClose, onVerified }: { message: string | null; onClose(): void; onVerified(): void }) {
  const { t, master } = useSite();
  const user = useAuth((s) => s.user);
  const open = message !== null;
  // SPEC §5 and §9: one box per character of the code, and a resend after 60 s.
  const { length, blank } = useCodeLength();
  const [digits, setDigits] = useState<string[]>(blank);
  const [incomplete, setIncomplete] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // The server sent the code with the refusal that opened this dialog.
  const [sentAt, setSentAt] = useState(0);
  const seconds = useCountdown(sentAt, open);
  const first = useRef<HTMLInputElement>(null);
  const check = useFetcher<CheckoutAnswer>();
  const resend = useFetcher<CheckoutAnswer>();
  const login = (master.register_otp_type === 'email' ? user?.email : user?.phone) ?? user?.phone ?? user?.email ?? '';

  useEffect(() => {
    if (!open) return;
    setDigits(blank());
    setIncomplete(false);
    setRefused(null);
    setSentAt(Date.now());
  }, [open, blank]);

  // Each answer once: verified, on to the confirmation; refused, the boxes emptied for another try.
  useOnAnswer(check.data, (answer) => {
    if ('ok' in answer) onVerified();
    else if ('error' in answer) {
      setRefused(answer.error);
      setDigits(blank());
      first.current?.focus();
    }
  });
  useOnAnswer(resend.data, (answer) => {
    if (!('ok' in answer) || !answer.ok) return;
    setSentAt(Date.now());
    toast.success(t('auth.code_sent'));
  });

  const busy = check.state !== 'idle';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const otp = digits.join('');
    setIncomplete(otp.length !== length);
    if (otp.length === length) void check.submit({ intent: 'verify', login, otp }, { method: 'post' });
  };
  const error = incomplete ? t('auth.code_incomplete', { length }) : busy ? null : refused;
  return (
    <Dialog open={open} onClose={onClose} title={t('checkout.verify_title')} testId="verify-dialog">
      <form className="verify-form" onSubmit={submit}>
        <p>{message}</p>
        <p className="muted">{t('checkout.verify_code')}</p>
        <CodeBoxes digits={digits} onChange={setDigits} disabled={busy} invalid={Boolean(error)} boxRef={first} />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('checkout.verify')}
        </button>
        <ResendCode
          seconds={seconds}
          busy={resend.state !== 'idle'}
          onResend={() => void resend.submit({ intent: 'resend', login, phone_code: user?.phone_code ?? '' }, { method: 'post' })}
          testIdPrefix="verify"
        />
      </form>
    </Dialog>
  );
}
