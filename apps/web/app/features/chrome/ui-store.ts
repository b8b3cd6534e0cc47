import { createStore, useStore } from '~/shared/store';

/** Which chrome overlay is open: at most one at a time. */
export type Overlay = null | 'login' | 'search' | 'drawer' | 'logout';
export const uiStore = createStore<{ overlay: Overlay }>({ overlay: null });
export const openOverlay = (overlay: Overlay) => uiStore.set({ overlay });
export const closeOverlay = () => uiStore.set({ overlay: null });
export const useOverlay = () => useStore(uiStore, (s) => s.overlay);
