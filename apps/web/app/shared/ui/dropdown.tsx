import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from './icons';

/**
 * A drop-down on the native `<details>`/`<summary>`: it opens and closes without script, so it works
 * from the first paint, before the page is hydrated (decision 012). Once hydrated, a press outside it,
 * Escape (focus back on the summary) and a navigation close it too.
 */
export function Dropdown({
  summary,
  children,
  className = '',
  summaryClassName = '',
  testId,
  summaryTestId,
  summaryLabel,
  chevron = true,
  onOpen,
}: {
  summary: ReactNode;
  children: ReactNode;
  className?: string;
  summaryClassName?: string;
  testId?: string;
  summaryTestId?: string;
  /** The summary's accessible name when it shows only an icon. */
  summaryLabel?: string;
  chevron?: boolean;
  /** Runs when it opens (once hydrated), e.g. to focus a field in it. */
  onOpen?(details: HTMLDetailsElement): void;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  const where = pathname + search;
  const shown = useRef(where);

  useEffect(() => {
    // Not on the first run: a drop-down opened before hydration stays open.
    if (shown.current === where) return;
    shown.current = where;
    if (ref.current) ref.current.open = false;
  }, [where]);

  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const el = ref.current;
      if (el?.open && !el.contains(e.target as Node)) el.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      const el = ref.current;
      if (!el?.open || e.key !== 'Escape') return;
      el.open = false;
      el.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <details
      className={`dropdown ${className}`}
      ref={ref}
      data-testid={testId}
      onToggle={onOpen ? (e) => e.currentTarget.open && onOpen(e.currentTarget) : undefined}
    >
      <summary className={summaryClassName} data-testid={summaryTestId} aria-label={summaryLabel}>
        {summary}
        {chevron ? <ChevronDownIcon size={14} className="dropdown__chevron" /> : null}
      </summary>
      {children}
    </details>
  );
}
