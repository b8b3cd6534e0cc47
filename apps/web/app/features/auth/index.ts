/**
 * The auth feature's public surface: what other features may import (decision 016). The dialogs are
 * not imported here: they are a chunk of their own, loaded on demand through loadAuthOverlays.
 */
export { updateLastSeen, useLastSeen } from './last-seen';
/** One-time code entry (one box per character) and the resend countdown, for any feature that asks a code. */
export { CodeBoxes, ResendCode, useCodeLength, useCountdown } from './code-boxes';

/** Loads the sign-in dialogs' chunk (forms, one-time codes, social buttons). */
export const loadAuthOverlays = () => import('./auth-overlays');
