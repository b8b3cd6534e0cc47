import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signatures of the Pusher Channels protocol: a private channel's authorisation
 * (HMAC-SHA256 of `socket_id:channel` with the app secret, sent as `key:signature`) and the signed
 * query of the HTTP API (https://pusher.com/docs/channels/library_auth_reference/rest-api).
 */
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export const md5 = (body: string | Buffer) => createHash('md5').update(body).digest('hex');

/** Constant-time comparison of two strings (false when the lengths differ). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The `auth` value a client sends with pusher:subscribe for a private channel. */
export const channelAuth = (key: string, secret: string, socketId: string, channel: string) =>
  `${key}:${hmac(secret, `${socketId}:${channel}`)}`;

export const validChannelAuth = (key: string, secret: string, socketId: string, channel: string, auth: unknown) =>
  typeof auth === 'string' && sameText(auth, channelAuth(key, secret, socketId, channel));

/** Query parameters sorted by lower-cased key, joined unescaped: the HTTP API's string to sign. */
function canonicalQuery(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .filter(([k]) => k !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export const httpSignature = (secret: string, method: string, path: string, params: Record<string, string>) =>
  hmac(secret, `${method.toUpperCase()}\n${path}\n${canonicalQuery(params)}`);

/** The query string of a signed HTTP API request with this JSON body. */
export function signedQuery(key: string, secret: string, method: string, path: string, body: string, now = Date.now()) {
  const params: Record<string, string> = {
    auth_key: key,
    auth_timestamp: String(Math.floor(now / 1000)),
    auth_version: '1.0',
    body_md5: md5(body),
  };
  params.auth_signature = httpSignature(secret, method, path, params);
  return new URLSearchParams(params).toString();
}

/**
 * Checks a signed HTTP API request: the key, a timestamp within 10 minutes, the version, the body's MD5
 * and the signature. Answers null when it holds, else what is wrong.
 */
export function checkSignedRequest(
  app: { key: string; secret: string },
  method: string,
  path: string,
  query: Record<string, string>,
  rawBody: string,
  now = Date.now(),
): string | null {
  if (query.auth_key !== app.key) return 'Unknown auth_key.';
  const stamp = Number(query.auth_timestamp);
  if (!/^\d{1,12}$/.test(query.auth_timestamp ?? '') || Math.abs(now / 1000 - stamp) > 600)
    return 'Timestamp expired: the auth_timestamp must be within 600 seconds of the server time.';
  if (query.auth_version !== '1.0') return 'Unsupported auth_version.';
  if (rawBody.length > 0 && !sameText(query.body_md5 ?? '', md5(rawBody))) return 'The body_md5 does not match the body.';
  const expected = httpSignature(app.secret, method, path, query);
  if (!sameText(query.auth_signature ?? '', expected)) return 'Invalid signature.';
  return null;
}
