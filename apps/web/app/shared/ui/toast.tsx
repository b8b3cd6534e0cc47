import type { ReactNode } from 'react';
import { createStore, useStore } from '~/shared/store';
import { CloseIcon } from '~/shared/ui/icons';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  content: ReactNode;
  duration: number;
}

/** SPEC §9: default 5000 ms, success 3000 ms, at most 20 at once. */
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_MAX = 20;

const store = createStore<{ toasts: Toast[] }>({ toasts: [] });
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  store.set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

function show(kind: ToastKind, content: ReactNode, options: { duration?: number } = {}): number {
  const id = nextId++;
  const duration = options.duration ?? (kind === 'success' ? TOAST_SUCCESS_MS : TOAST_DEFAULT_MS);
  store.set((s) => {
    const toasts = [...s.toasts, { id, kind, content, duration }];
    while (toasts.length > TOAST_MAX) {
      const dropped = toasts.shift()!;
      clearTimeout(timers.get(dropped.id));
      timers.delete(dropped.id);
    }
    return { toasts };
  });
  if (duration > 0 && typeof window !== 'undefined')
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  return id;
}

export const toast = {
  success: (c: ReactNode, o?: { duration?: number }) => show('success', c, o),
  error: (c: ReactNode, o?: { duration?: number }) => show('error', c, o),
  warning: (c: ReactNode, o?: { duration?: number }) => show('warning', c, o),
  info: (c: ReactNode, o?: { duration?: number }) => show('info', c, o),
  custom: (c: ReactNode, o?: { duration?: number; kind?: ToastKind }) => show(o?.kind ?? 'info', c, o),
  /** For tests. */
  list: () => store.get().toasts,
};

/** Bottom-right in RTL, bottom-left in LTR: the container sits at the inline end. */
export function ToastContainer({ closeLabel }: { closeLabel: string }) {
  const toasts = useStore(store, (s) => s.toasts);
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions" data-testid="toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <div className="toast__body">{t.content}</div>
          <button type="button" className="icon-btn toast__close" onClick={() => dismissToast(t.id)} aria-label={closeLabel}>
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
