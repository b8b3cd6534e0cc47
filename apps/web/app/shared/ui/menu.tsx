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

const menuItems = (root: HTMLElement | null) => [...(root?.querySelectorAll<HTMLElement>('[role^=menuitem]') ?? [])];

/**
 * A menu button's behaviour (the WAI-ARIA menu button pattern), for any list of `role=menuitem…` items
 * inside `root`: Arrow Down on the button opens it; opening puts focus on the checked item, else the first;
 * the arrow keys, Home and End move round the items; Escape closes it and gives focus back to the
 * button, as `close()` does; Tab or a click outside closes it.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(root.current);
    (items.find((el) => el.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  /** For the element that holds the button and the list. */
  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    const items = menuItems(root.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 } as Record<string, number>)[e.key];
    if (to === undefined) return;
    e.preventDefault();
    items[(to + items.length) % items.length]?.focus();
  };

  /** For the button: Arrow Down opens the menu. */
  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' && !open) {
      e.preventDefault();
      setOpen(true);
    }
  };

  /**
   * The button's side of the pattern, to spread on a `<button>` that always opens a menu (the share
   * button, a menu only where the system sheet is missing, wires its own).
   */
  const triggerProps = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onClick: () => setOpen((o) => !o),
    onKeyDown: onButtonKeyDown,
  };

  return { open, setOpen, close, id, root, button, onKeyDown, onButtonKeyDown, triggerProps };
}

/**
 * A button that opens a list of choices: arrow keys move, Enter/Space choose, Escape or a click
 * outside closes, and focus returns to the button.
 */
export function Menu({ label, ariaLabel, options, onSelect, testId, className = '', align = 'end' }: MenuProps) {
  const { open, close, id, root, onKeyDown, triggerProps } = useMenuButton();

  return (
    <div className={`menu ${className}`} ref={root} onKeyDown={onKeyDown}>
      <button {...triggerProps} className="menu__trigger" aria-label={ariaLabel} data-testid={testId}>
        {label}
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <div className={`menu__list menu__list--${align}`} role="menu" id={id}>
          {options.map((o) => (
            <button
              key={o.key}
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
