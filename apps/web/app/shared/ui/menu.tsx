import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

export interface MenuOption {
  key: string;
  label: ReactNode;
  selected?: boolean;
  testId?: string;
}

interface MenuProps {
  label: ReactNode;
  ariaLabel: string;
  options: MenuOption[];
  onSelect(key: string): void;
  testId?: string;
  className?: string;
  align?: 'start' | 'end';
}

/**
 * A button that opens a list of choices: arrow keys move, Enter/Space choose, Escape or a click
 * outside closes, and focus returns to the button.
 */
export function Menu({ label, ariaLabel, options, onSelect, testId, className = '', align = 'end' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    const selected = Math.max(
      0,
      options.findIndex((o) => o.selected),
    );
    items.current[selected]?.focus();
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, options]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const list = items.current.filter(Boolean) as HTMLButtonElement[];
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      list[(at + 1) % list.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      list[(at - 1 + list.length) % list.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      list[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      list[list.length - 1]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={`menu ${className}`} ref={root} onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={button}
        type="button"
        className="menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <div className={`menu__list menu__list--${align}`} role="menu" id={id}>
          {options.map((o, i) => (
            <button
              key={o.key}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={!!o.selected}
              className="menu__item"
              data-testid={o.testId}
              onClick={() => {
                onSelect(o.key);
                close();
              }}
            >
              {o.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
