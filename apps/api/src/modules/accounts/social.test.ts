import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { DEMO_CUSTOMER } from '../../../seed';
import type { AccountsConfig } from '../../config';
import { accountsConfig, register } from './test-support';

/**
 * A real OpenID/JWKS peer on loopback: a token endpoint that answers id_tokens per code, a JWKS,
 * and a tiny Graph API (debug_token, me).
 */
const good = await generateKeyPair('RS256');
const other = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(good.publicKey)), kid: 'good', alg: 'RS256', use: 'sig' };

const GOOGLE_CLIENT = 'souq-local-google-client';
const APPLE_CLIENT = 'om.souq.web';
const FB_APP = 'souq-local-facebook-app';
let base = '';
const googleIssuer = () => `${base}/google`;
const appleIssuer = () => `${base}/apple`;

async function sign(claims: JWTPayload, opts: { key?: CryptoKey; kid?: string; exp?: number; iss?: string; aud?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'good' })
    .setIssuer(opts.iss ?? googleIssuer())
    .setAudience(opts.aud ?? GOOGLE_CLIENT)
    .setIssuedAt(now - 60)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(opts.key ?? good.privateKey);
}

const idTokens = new Map<string, () => Promise<string>>();
const fbTokens = new Map<
  string,
  { app_id: string; user_id: string; valid: boolean; me: { id: string; name: string; email?: string } }
>();
const tokenRequests: URLSearchParams[] = [];

const peer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', async () => {
    const url = new URL(req.url ?? '/', base);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(raw);
      tokenRequests.push(form);
      const make = idTokens.get(form.get('code') ?? '');
      if (!make || form.get('client_secret') !== 'google-secret') return json(400, { error: 'invalid_grant' });
      return json(200, { access_token: 'x', id_token: await make(), token_type: 'Bearer' });
    }
    if (url.pathname === '/graph/debug_token') {
      const t = fbTokens.get(url.searchParams.get('input_token') ?? '');
      if (url.searchParams.get('access_token') !== `${FB_APP}|fb-secret`)
        return json(400, { error: { message: 'bad app token' } });
      return json(200, { data: t ? { app_id: t.app_id, user_id: t.user_id, is_valid: t.valid } : { is_valid: false } });
    }
    if (url.pathname === '/graph/me') {
      const t = fbTokens.get(url.searchParams.get('access_token') ?? '');
      if (!t || !url.searchParams.get('appsecret_proof')) return json(401, { error: { message: 'invalid token' } });
      return json(200, t.me);
    }
    json(404, {});
  });
});
await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

/** The accounts config pointing the providers at the peer. */
const socialAccounts = (patch: Partial<AccountsConfig> = {}): AccountsConfig => ({
  ...accountsConfig(patch),
  social: {
    timeoutMs: 3000,
    google: {
      tokenUrl: `${base}/token`,
      jwksUrl: `${base}/jwks`,
      issuer: [googleIssuer()],
      clientSecret: 'google-secret',
      redirectUri: 'postmessage',
    },
    facebook: { graphUrl: `${base}/graph`, appSecret: 'fb-secret' },
    apple: { jwksUrl: `${base}/jwks`, issuer: [appleIssuer()] },
  },
});
const app = await createTestApp({ accounts: socialAccounts() });

const signIn = (provider: string, payload: object) => app.inject({ method: 'POST', url: `/api/auth/${provider}/token`, payload });

describe('Google', () => {
  it('exchanges the code, verifies the id_token and creates the customer once', async () => {
    idTokens.set('g-new', () =>
      sign({ sub: 'google-1', email: 'new.google@example.com', email_verified: true, name: 'Google Person' }),
    );
    const res = await signIn('google', { code: 'g-new' });
    expect(res.statusCode, res.body).toBe(200);
    const { user, access } = res.json().data;
    expect(user).toMatchObject({ name: 'Google Person', email: 'new.google@example.com', email_verified: true });
    expect(access.token).toBeTruthy();
    expect(tokenRequests.at(-1)?.get('client_id')).toBe(GOOGLE_CLIENT);
    const again = await signIn('google', { code: 'g-new' });
    expect(again.json().data.user.id).toBe(user.id);
    const links = await app.db.selectFrom('social_accounts').selectAll().where('user_id', '=', user.id).execute();
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ provider: 'google', subject: 'google-1' });
    const profile = await app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${access.token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('links to an existing customer by verified e-mail', async () => {
    idTokens.set('g-demo', () => sign({ sub: 'google-2', email: DEMO_CUSTOMER.email, email_verified: true, name: 'X' }));
    const res = await signIn('google', { code: 'g-demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: DEMO_CUSTOMER.email, name: DEMO_CUSTOMER.name });
  });

  it("refuses a deactivated customer's sign-in, in the visitor's language", async () => {
    idTokens.set('g-off', () => sign({ sub: 'google-off', email: 'off.google@example.com', email_verified: true, name: 'Off' }));
    const first = await signIn('google', { code: 'g-off' });
    expect(first.statusCode, first.body).toBe(200);
    await app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', first.json().data.user.id).execute();
    for (const [lang, text] of [
      ['ar', /[\u0600-\u06ff]/],
      ['en', /deactivated/],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/auth/google/token`,
        headers: { 'accept-language': lang },
        payload: { code: 'g-off' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(text);
    }
  });

  it('does not link by an unverified e-mail', async () => {
    idTokens.set('g-unverified', () =>
      sign({ sub: 'google-3', email: DEMO_CUSTOMER.email, email_verified: false, name: 'Intruder' }),
    );
    const res = await signIn('google', { code: 'g-unverified' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ name: 'Intruder', email: null });
  });

  it.each([
    ['forged (signed by another key)', () => sign({ sub: 'g-f' }, { key: other.privateKey }), /signature is invalid/],
    ['forged with an unknown kid', () => sign({ sub: 'g-f' }, { key: other.privateKey, kid: 'other' }), /signature is invalid/],
    ['expired', () => sign({ sub: 'g-e' }, { exp: Math.floor(Date.now() / 1000) - 3600 }), /expired/],
    ['for another audience', () => sign({ sub: 'g-a' }, { aud: 'someone-else' }), /another application/],
    ['from another issuer', () => sign({ sub: 'g-i' }, { iss: 'https://evil.example' }), /iss/],
  ])('refuses an id_token that is %s', async (_name, make, reason) => {
    const code = `bad-${Math.random()}`;
    idTokens.set(code, make);
    const res = await signIn('google', { code });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^The Google sign-in could not be verified/);
    expect(res.json().message).toMatch(reason);
  });

  it('refuses a code the token endpoint rejects', async () => {
    const res = await signIn('google', { code: 'never-issued' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/authorization code was not accepted/);
  });
});

describe('account pre-hijacking', () => {
  it('never links to an account whose e-mail was not verified, and leaves that account unverified', async () => {
    // Anyone can register someone else's address with a password of their own.
    const attacker = await register(app, { email: 'victim.prehijack@example.com' });
    idTokens.set('g-victim', () =>
      sign({ sub: 'google-victim', email: 'victim.prehijack@example.com', email_verified: true, name: 'Victim' }),
    );
    const res = await signIn('google', { code: 'g-victim' });
    expect(res.statusCode, res.body).toBe(200);
    const victim = res.json().data;
    expect(victim.user.id).not.toBe(attacker.user.id);
    // The address stays with the account that holds it; neither account gets it verified by the provider.
    expect(victim.user).toMatchObject({ name: 'Victim', email: null });
    const auth = { authorization: `Bearer ${victim.access.token}` };
    const stored = await app.inject({
      method: 'POST',
      url: '/api/address/store',
      headers: auth,
      payload: { name: 'Home', phone: '91234567', address_line: 'Way 1, House 2' },
    });
    expect(stored.statusCode).toBe(200);
    const theirs = await app.inject({ method: 'GET', url: '/api/addresses', headers: attacker.auth });
    expect(theirs.json().data).toEqual({ total: 0, addresses: [] });
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: attacker.auth });
    expect(profile.json().data.user).toMatchObject({ email: 'victim.prehijack@example.com', email_verified: false });
    // The same identity signs in to its own account again.
    const again = await signIn('google', { code: 'g-victim' });
    expect(again.json().data.user.id).toBe(victim.user.id);
  });

  it('links once the e-mail was verified by a code', async () => {
    const me = await register(app, { email: 'owner.verified@example.com' });
    await app.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', me.user.id).execute();
    idTokens.set('g-owner', () => sign({ sub: 'google-owner', email: 'owner.verified@example.com', email_verified: true }));
    const res = await signIn('google', { code: 'g-owner' });
    expect(res.json().data.user.id).toBe(me.user.id);
  });
});

describe('rate limit', () => {
  it('limits sign-in attempts per client address (429 with Retry-After); each would call the provider', async () => {
    const limited = await createTestApp({ accounts: socialAccounts({ socialLimitPerIp: 3 }) });
    const attempt = (remoteAddress: string) =>
      limited.inject({ method: 'POST', url: '/api/auth/google/token', payload: { code: 'never-issued' }, remoteAddress });
    const before = tokenRequests.length;
    for (let i = 0; i < 3; i++) expect((await attempt('10.90.0.1')).statusCode).toBe(401);
    const refused = await attempt('10.90.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Please try again in/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused attempt never reached the provider; another address still does.
    expect(tokenRequests.length - before).toBe(3);
    expect((await attempt('10.90.0.2')).statusCode).toBe(401);
  });
});

describe('Apple', () => {
  const appleToken = (claims: JWTPayload, opts: Parameters<typeof sign>[1] = {}) =>
    sign(claims, { iss: appleIssuer(), aud: APPLE_CLIENT, ...opts });

  it('verifies the identity token sent as code or in data', async () => {
    const t1 = await appleToken({ sub: 'apple-1', email: 'a1@privaterelay.appleid.com', email_verified: 'true' });
    const res = await signIn('apple', { code: t1, data: { user: { name: { firstName: 'Huda', lastName: 'Said' } } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ name: 'Huda Said', email: 'a1@privaterelay.appleid.com' });
    const t2 = await appleToken({ sub: 'apple-1' });
    const again = await signIn('apple', { code: 'placeholder', data: { authorization: { id_token: t2 } } });
    expect(again.json().data.user.id).toBe(res.json().data.user.id);
  });

  it.each([
    ['forged', { key: other.privateKey }],
    ['expired', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['for another audience', { aud: GOOGLE_CLIENT }],
  ])('refuses a %s identity token', async (_name, opts) => {
    const token = await appleToken({ sub: 'apple-x' }, opts);
    const res = await signIn('apple', { code: token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^The Apple sign-in could not be verified/);
  });

  it('refuses when no identity token is sent, and does not trust decoded claims', async () => {
    const res = await signIn('apple', { code: 'placeholder', data: { sub: 'apple-1', email: DEMO_CUSTOMER.email } });
    expect(res.statusCode).toBe(401);
  });
});

describe('Facebook', () => {
  it('checks the token with debug_token and reads the profile', async () => {
    fbTokens.set('fb-good', {
      app_id: FB_APP,
      user_id: 'fb-1',
      valid: true,
      me: { id: 'fb-1', name: 'Fahad', email: 'fahad@example.com' },
    });
    const res = await signIn('facebook', { code: 'fb-good', data: { name: 'Ignored', email: 'ignored@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ name: 'Fahad', email: 'fahad@example.com' });
  });

  it.each([
    ['of another app', { app_id: 'other-app', user_id: 'fb-2', valid: true, me: { id: 'fb-2', name: 'x' } }],
    ['marked invalid', { app_id: FB_APP, user_id: 'fb-3', valid: false, me: { id: 'fb-3', name: 'x' } }],
    ['whose profile does not match', { app_id: FB_APP, user_id: 'fb-4', valid: true, me: { id: 'fb-5', name: 'x' } }],
  ])('refuses a token %s', async (_name, t) => {
    const token = `fb-${Math.random()}`;
    fbTokens.set(token, t);
    const res = await signIn('facebook', { code: token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^The Facebook sign-in could not be verified/);
  });

  it('refuses an unknown token', async () => {
    expect((await signIn('facebook', { code: 'unknown' })).statusCode).toBe(401);
  });
});

describe('providers and input', () => {
  it('answers 404 for an unknown provider and 422 without a code', async () => {
    expect((await signIn('twitter', { code: 'x' })).statusCode).toBe(404);
    const res = await signIn('google', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['The code field is required.'] });
  });

  it('refuses a provider that is switched off in the settings', async () => {
    const row = await app.db.selectFrom('settings').select('value').where('key', '=', 'social_auths').executeTakeFirstOrThrow();
    const value = JSON.parse(row.value);
    value.google.is_active = false;
    await app.db
      .updateTable('settings')
      .set({ value: JSON.stringify(value) })
      .where('key', '=', 'social_auths')
      .execute();
    const res = await signIn('google', { code: 'g-new' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Google sign-in is not available.');
    await app.db.updateTable('settings').set({ value: row.value }).where('key', '=', 'social_auths').execute();
  });
});
