import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '~/shared/site';
import { CloseIcon } from './icons';

interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  /** 'center' for modals, 'start' / 'end' for side drawers. */
  placement?: 'center' | 'start' | 'end';
  /** The close button's name; "Close" in the page's language unless a dialog says more. */
  closeLabel?: string;
  className?: string;
  testId?: string;
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Whether Tab stops on the control: a group of radio buttons (one name) is a single stop, its checked
 * button (the first when none is), as the browser moves through it.
 */
function isStop(el: HTMLElement, dialog: HTMLElement) {
  if (el.getClientRects().length === 0) return false;
  if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
  const group = [...dialog.querySelectorAll<HTMLInputElement>('input[type=radio]')].filter(
    (r) => r.name === el.name && r.form === el.form && !r.disabled,
  );
  return el === (group.find((r) => r.checked) ?? group[0]);
}

/**
 * Tab from the last control goes to the first and Shift+Tab from the first to the last: a modal dialog
 * keeps focus (left alone, the browser would move it out to its own toolbar).
 */
function cycleFocus(e: React.KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const dialog = e.currentTarget;
  const stops = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => isStop(el, dialog));
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/** Dialogs shown but not modal yet (in their first frame), each with the step that makes it modal. */
const pendingSteps = new Map<HTMLDialogElement, () => void>();

/**
 * Opens the dialog on screen at once and makes it modal right after that frame is painted (decision 030).
 * showModal() makes everything outside the dialog inert, which restyles the whole page before the dialog
 * can paint (40–100 ms on a 4× slowed phone, most of a tap's latency). show() paints the dialog alone,
 * styled as the modal one (fixed, dimmed around: app.css), and keeps focus in it; once painted, it is
 * closed and shown modal again in one task (no frame between), with focus left where it was. The close
 * event of that step is queued: when it comes the dialog is open again, and the Dialog's listener lets
 * it pass. A dialog opened over another modal one is shown modal at once: the first one's inert
 * background would hold it. One opened from a dialog still in its first frame (a press in that frame,
 * on a busy phone) makes that one modal first: its step, run later, would put it over the new one, and
 * the new one would hand focus back to whatever the late step had focused. Returns what cancels the
 * pending step (the dialog closed first, or unmounted).
 */
function openDialog(el: HTMLDialogElement): () => void {
  const modal = () => {
    el.showModal();
    document.body.classList.add('no-scroll');
  };
  for (const step of [...pendingSteps.values()]) step();
  if (document.querySelector('dialog:modal')) {
    modal();
    return () => undefined;
  }
  el.show();
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    pendingSteps.delete(el);
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  const step = () => {
    cancel();
    if (!el.open || el.matches(':modal')) return;
    const focused = document.activeElement;
    el.close();
    modal();
    if (focused instanceof HTMLElement && el.contains(focused)) focused.focus();
  };
  pendingSteps.set(el, step);
  // The callback runs before this frame's paint; the timer after it.
  frame = requestAnimationFrame(() => {
    timer = setTimeout(step);
  });
  return cancel;
}

/**
 * Accessible modal on the native <dialog>: showModal() gives the inert background and Escape, Tab cycles
 * inside it; focus goes back to whatever opened it. It opens in two steps (openDialog) so a tap paints
 * the dialog without waiting for the rest of the page to be made inert.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  placement = 'center',
  closeLabel,
  className = '',
  testId,
}: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  /** What follows a close: focus back, the scroll lock, the owner told. Set by the second effect below. */
  const settle = useRef<() => void>(() => undefined);
  /** Closed by closeNow(), already settled: its close event (queued by the browser) has nothing to do. */
  const settled = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      // Opened again before the close event of closeNow() came: that event finds it open and passes.
      settled.current = false;
      opener.current = document.activeElement;
      return openDialog(el);
    }
    if (!open && el.open) el.close();
    return undefined;
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    settle.current = () => {
      // One dialog giving way to another (sign-in to forgotten password): focus and the scroll lock
      // stay with the one now open. Closed over the dialog it was opened from (a voucher dialog over the
      // basket), focus goes back to the control that opened it, wherever the browser put it.
      const next = document.querySelector('dialog[open]');
      if (!next) document.body.classList.remove('no-scroll');
      const back = opener.current;
      if (back instanceof HTMLElement && (!next || next.contains(back) || !next.contains(document.activeElement))) back.focus();
      onClose();
    };
    const onNativeClose = () => {
      // From openDialog's step to modal: the dialog is open again by the time its close event comes.
      if (el.open) return;
      if (settled.current) {
        settled.current = false;
        return;
      }
      settle.current();
    };
    // Escape on a modal dialog: closed and settled at once, in the key's own task.
    const onCancel = (e: Event) => {
      e.preventDefault();
      closeNow();
    };
    el.addEventListener('close', onNativeClose);
    el.addEventListener('cancel', onCancel);
    return () => {
      el.removeEventListener('close', onNativeClose);
      el.removeEventListener('cancel', onCancel);
    };
  }, [onClose]);

  /**
   * Closes the dialog and settles it in the same task. The browser's close event comes in a task of its
   * own, and a busy page runs a key or a click first: a control pressed right after Escape (the page's
   * "options" button that opens the dialog again) found the dialog closed but its owner still holding it
   * open, and the late event then closed it for good, or sent focus away from that control.
   */
  function closeNow() {
    const el = ref.current;
    if (!el?.open) return;
    el.close();
    settled.current = true;
    settle.current();
  }

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${placement} ${className}`}
      aria-labelledby={testId ? `${testId}-title` : undefined}
      data-testid={testId}
      onKeyDown={(e) => {
        // Escape closes a modal dialog by itself; in its first frame, shown but not yet modal, it is ours.
        if (e.key === 'Escape' && !e.currentTarget.matches(':modal')) {
          e.preventDefault();
          closeNow();
        } else cycleFocus(e);
      }}
      onClick={(e) => {
        if (e.target === ref.current) closeNow(); // backdrop click
      }}
    >
      {open ? (
        <div className="dialog__panel">
          <div className="dialog__head">
            <h2 className="dialog__title" id={testId ? `${testId}-title` : undefined}>
              {title}
            </h2>
            <button type="button" className="icon-btn" onClick={closeNow} aria-label={closeLabel ?? t('common.close')}>
              <CloseIcon />
            </button>
          </div>
          <div className="dialog__body">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
