import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useSite } from '~/shared/site';

/** The code entry of every one-time code (sign-up, forgot password, checkout's account check). */

/** SPEC §9: a code may be sent again 60 s after the last send. */
export const RESEND_SECONDS = 60;

/** The code's length from the settings (`otp_length`, 4 to 8; 4 otherwise), and empty boxes for it. */
export function useCodeLength() {
  const { master } = useSite();
  const length = master.otp_length >= 4 && master.otp_length <= 8 ? master.otp_length : 4;
  const blank = useCallback(() => Array.from({ length }, () => ''), [length]);
  return { length, blank };
}

/** "You can resend the code in N s", then the resend button (SPEC §9). */
export function ResendCode({
  seconds,
  busy,
  onResend,
  testIdPrefix,
}: {
  seconds: number;
  busy: boolean;
  onResend(): void;
  testIdPrefix: string;
}) {
  const { t } = useSite();
  return (
    <p className="auth-switch" aria-live="polite">
      {seconds > 0 ? (
        <span data-testid={`${testIdPrefix}-countdown`}>{t('auth.resend_in', { seconds })}</span>
      ) : (
        <button type="button" className="auth-link" onClick={onResend} disabled={busy} data-testid={`${testIdPrefix}-resend`}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('auth.resend_code')}
        </button>
      )}
    </p>
  );
}

/** Seconds left before a code may be resent (60 s after the last send). */
export function useCountdown(sentAt: number, active: boolean) {
  const left = () => Math.max(0, Math.ceil((sentAt + RESEND_SECONDS * 1000 - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!active || !sentAt) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sentAt, active]);
  // No code on record (the send failed): resending is allowed at once.
  return sentAt ? seconds : 0;
}

/** One box per digit (SPEC §5): forward on entry, back on Backspace in an empty box, paste fills all. */
export function CodeBoxes({
  digits,
  onChange,
  disabled,
  invalid,
  boxRef,
}: {
  digits: string[];
  onChange(next: string[]): void;
  disabled?: boolean;
  invalid?: boolean;
  boxRef: { current: HTMLInputElement | null };
}) {
  const { t } = useSite();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(digits.length - 1, i))]?.focus();

  const fill = (from: number, text: string) => {
    const chars = text.replace(/\D/g, '').split('');
    if (!chars.length) return;
    const next = [...digits];
    let i = from;
    for (const c of chars) {
      if (i >= next.length) break;
      next[i++] = c;
    }
    onChange(next);
    focus(i >= next.length ? next.length - 1 : i);
  };

  const onInput = (i: number, raw: string) => {
    const clean = raw.replace(/\D/g, '');
    if (!clean) {
      const next = [...digits];
      next[i] = '';
      onChange(next);
      return;
    }
    // A full code (one-time-code autofill) fills every box; otherwise keep the last typed digit.
    if (clean.length >= digits.length) fill(0, clean);
    else fill(i, clean.slice(-1));
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(0, e.clipboardData.getData('text'));
  };

  return (
    <div className="auth-code" dir="ltr" role="group" aria-label={t('auth.code_label')}>
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
            if (i === 0) boxRef.current = el;
          }}
          className="auth-code__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          data-autofocus={i === 0 || undefined}
          aria-label={t('auth.code_digit', { n: i + 1, total: digits.length })}
          aria-invalid={invalid || undefined}
          value={d}
          disabled={disabled}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          data-testid={`code-box-${i}`}
        />
      ))}
    </div>
  );
}
