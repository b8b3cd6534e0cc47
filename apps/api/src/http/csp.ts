import { randomBytes } from 'node:crypto';

/**
 * Content-Security-Policy (decision 016). Pages: scripts run only when they carry the render's nonce
 * (React Router's module scripts and hydration data) or were added by such a script ('strict-dynamic':
 * the lazy chunks, the social sign-in SDKs); nothing inline without the nonce, no plugins, no <base>, no
 * framing. Every other kind of source is listed. API answers are data, never a document: nothing at all.
 */

/**
 * A fresh nonce: 128 random bits, base64url (CSP accepts its `-` and `_`; nothing in it is escaped in HTML
 * or JSON, so a cached page's nonce is found wherever it stands). One per page answer.
 */
export const newNonce = () => randomBytes(16).toString('base64url');

/** Third-party origins the pages use on purpose. */
const SOCIAL_SCRIPTS_FRAMES = [
  // Google sign-in (the authorization-code popup), Facebook login and its Graph API, Sign in with Apple.
  'https://accounts.google.com',
  'https://www.facebook.com',
  'https://web.facebook.com',
  'https://appleid.apple.com',
];
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * `sockets`: further WebSocket origins pages may open (a Pusher-compatible server elsewhere, when
 * PUSHER_HOST is set: decision 019).
 */
export function pagePolicy(publicUrl: string, nonce: string, sockets: string[] = []): string {
  const { host, protocol } = new URL(publicUrl);
  // The realtime socket is served by this host: wss:// on an https site, ws:// on a plain-http one.
  const socket = `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'"],
    // 'unsafe-inline' for styles only: the theme colours are an inline <style> and components set style
    // attributes (rating widths, colour swatches); a nonce here would disable 'unsafe-inline' for the
    // attributes. Styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
    // data: the image placeholder; blob: the profile photo preview before upload.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", socket, ...sockets, 'https://accounts.google.com', 'https://graph.facebook.com'],
    'frame-src': [...VIDEO_FRAMES, ...SOCIAL_SCRIPTS_FRAMES],
    'media-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** What every API answer (and static file) carries: it may load nothing and be framed by nothing. */
export const API_POLICY = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };
