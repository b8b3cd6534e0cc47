import { useEffect, useState } from 'react';
import { useT } from '~/shared/site';

function parts(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Days, hours, minutes and seconds until `to`, ticking every second after hydration. The server
 * renders the same boxes from its own clock (the seconds may differ by one on hydration, which is
 * expected and not a mismatch worth reporting).
 */
export function Countdown({ to, onEnd, label }: { to: string; onEnd?: () => void; label?: string }) {
  const t = useT();
  const target = Date.parse(to);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const left = target - now;
  useEffect(() => {
    if (left <= 0) onEnd?.();
  }, [left <= 0]); // eslint-disable-line react-hooks/exhaustive-deps
  const p = parts(left);
  const units = [
    ['days', p.days],
    ['hours', p.hours],
    ['minutes', p.minutes],
    ['seconds', p.seconds],
  ] as const;
  return (
    <div className="countdown" data-testid="countdown" role="timer" aria-live="off" aria-label={label}>
      {units.map(([unit, value]) => (
        <span className="countdown__box" key={unit}>
          <span className="countdown__value" dir="ltr" suppressHydrationWarning>
            {two(value)}
          </span>
          <span className="countdown__unit">{t(`catalog.countdown_${unit}`)}</span>
        </span>
      ))}
    </div>
  );
}
