/**
 * The auth feature's public surface: what other features may import (decision 016). The dialogs are
 * not imported here: they are a chunk of their own, loaded on demand through loadAuthOverlays.
 */
export { updateLastSeen, useLastSeen } from './last-seen';

/** Loads the sign-in dialogs' chunk (forms, one-time codes, social buttons). */
export const loadAuthOverlays = () => import('./auth-overlays');
