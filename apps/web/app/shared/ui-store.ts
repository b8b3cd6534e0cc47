import { createStore, useStore } from '~/shared/store';

/** Which chrome overlay is open: at most one at a time. */
export type Overlay = null | 'login' | 'drawer' | 'logout' | 'register' | 'forgot' | 'otp' | 'reset';
export const uiStore = createStore<{ overlay: Overlay }>({ overlay: null });
export const openOverlay = (overlay: Overlay) => uiStore.set({ overlay });
/**
 * Closes the open overlay. With `which`, only when that one is still the open overlay: a dialog's
 * native close event arrives after the next overlay was opened (login → forgot) and must not close it.
 */
export const closeOverlay = (which?: Exclude<Overlay, null>) => {
  if (which && uiStore.get().overlay !== which) return;
  uiStore.set({ overlay: null });
};
export const useOverlay = () => useStore(uiStore, (s) => s.overlay);
