import { describe, expect, it } from 'vitest';
import { assertAreaAuth } from '../src/http/route';
import { hashToken as hashOf, issueToken, revokeToken } from '../src/modules/auth/tokens';
import { createTestApp, testOperator } from './helpers';

/**
 * Auth by structure: a route declares who may call it (`auth` in route()), and the framework refuses
 * everyone else before the handler runs. This walks every route the app registered and proves it.
 */
const app = await createTestApp();

const operator = await testOperator(app.db);

/**
 * The API routes anyone may call. A new route is public only when it is added here on purpose:
 * a route that touches a customer's or a seller's data declares `auth` instead.
 */
const PUBLIC_API = new Set([
  'GET /api/docs',
  'GET /api/master',
  'GET /api/lang/:locale',
  'GET /api/countries',
  'GET /api/categories',
  'GET /api/categories/:slugOrId',
  'GET /api/sub-categories',
  'GET /api/shops',
  'GET /api/shops/top',
  'GET /api/shops/:id',
  'GET /api/shop-categories',
  'GET /api/reviews',
  'GET /api/flash-sale/:id/details',
  'GET /api/media/default-avatar.svg',
  'POST /api/registration',
  'POST /api/login',
  'POST /api/send-otp',
  'POST /api/verify-otp',
  'POST /api/reset-password',
  'POST /api/auth/:provider/token',
  'POST /api/seller/login',
  'POST /api/admin/login',
  'POST /api/vitals',
  // Readiness for a load balancer: says only whether the search index is read (decision 027).
  'GET /api/ready',
  // Content (issue 18): public reading, and the shop application (rate-limited per address).
  'GET /api/blogs',
  'GET /api/blog/:slugOrId/details',
  'GET /api/legal-pages/:slug',
  'POST /api/shop/register',
  // Gateways call it; it is verified by the gateway's signature instead.
  'POST /api/payment/:gateway/webhook',
  'GET /api/ticket-issue-types',
  'GET /api/contact-us',
  'POST /api/support',
  // A ticket's file through a link signed for one viewer's live token (decision 021).
  'GET /api/support-ticket/files/:id',
]);

const apiRoutes = () => app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'locale' ? 'en' : name === 'provider' ? 'google' : '1'));

async function tokens() {
  const customer = await issueToken(app.db, 'user', 1);
  const seller = await issueToken(app.db, 'seller', 1);
  const expired = await issueToken(app.db, 'user', 1);
  await app.db
    .updateTable('access_tokens')
    .set({ expires_at: '2020-01-01T00:00:00.000Z' })
    .where('token_hash', '=', hashOf(expired.token))
    .execute();
  const expiredSeller = await issueToken(app.db, 'seller', 1);
  await app.db
    .updateTable('access_tokens')
    .set({ expires_at: '2020-01-01T00:00:00.000Z' })
    .where('token_hash', '=', hashOf(expiredSeller.token))
    .execute();
  const operatorToken = await issueToken(app.db, 'operator', operator);
  const expiredOperator = await issueToken(app.db, 'operator', operator);
  await app.db
    .updateTable('access_tokens')
    .set({ expires_at: '2020-01-01T00:00:00.000Z' })
    .where('token_hash', '=', hashOf(expiredOperator.token))
    .execute();
  const revoked = await issueToken(app.db, 'user', 1);
  const revokedSeller = await issueToken(app.db, 'seller', 1);
  const revokedOperator = await issueToken(app.db, 'operator', operator);
  for (const t of [revoked, revokedSeller, revokedOperator]) {
    const row = await app.db
      .selectFrom('access_tokens')
      .select('id')
      .where('token_hash', '=', hashOf(t.token))
      .executeTakeFirstOrThrow();
    await revokeToken(app.db, row.id);
  }
  return {
    customer: customer.token,
    seller: seller.token,
    expired: expired.token,
    expiredSeller: expiredSeller.token,
    revoked: revoked.token,
    revokedSeller: revokedSeller.token,
    operator: operatorToken.token,
    expiredOperator: expiredOperator.token,
    revokedOperator: revokedOperator.token,
  };
}

describe('every route is guarded as it declares', () => {
  it('has no undeclared public API route', () => {
    const undeclared = apiRoutes()
      .filter((r) => r.auth === null)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !PUBLIC_API.has(r));
    expect(undeclared).toEqual([]);
  });

  it('keeps the operator console to operators: every /api/admin route but its login declares auth operator, and only those do', () => {
    const admin = apiRoutes().filter((r) => r.url.startsWith('/api/admin/'));
    expect(admin.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/admin/audit-log');
    for (const r of admin) {
      const route = `${r.method} ${r.url}`;
      expect({ route, auth: r.auth }).toEqual({ route, auth: route === 'POST /api/admin/login' ? null : 'operator' });
    }
    const elsewhere = apiRoutes().filter((r) => !r.url.startsWith('/api/admin/') && r.auth === 'operator');
    expect(elsewhere).toEqual([]);
    // And a route that breaks the rule is refused when registered (the app would not start).
    expect(() => assertAreaAuth('/api/admin/shops', 'seller')).toThrow(/auth: 'operator'/);
    expect(() => assertAreaAuth('/api/admin/shops', undefined)).toThrow(/auth: 'operator'/);
    expect(() => assertAreaAuth('/api/shops', 'operator')).toThrow(/for \/api\/admin routes only/);
    expect(() => assertAreaAuth('/api/admin/login', undefined)).not.toThrow();
  });

  it('refuses a missing, malformed, expired or revoked token on every customer, seller and operator route, and the other kinds with 403', async () => {
    const t = await tokens();
    const guarded = apiRoutes().filter((r) => r.auth === 'user' || r.auth === 'seller' || r.auth === 'operator');
    expect(guarded.length).toBeGreaterThan(10);
    expect(guarded.some((r) => r.auth === 'seller')).toBe(true);
    expect(guarded.some((r) => r.auth === 'operator')).toBe(true);
    for (const r of guarded) {
      const own =
        r.auth === 'user'
          ? { expired: t.expired, revoked: t.revoked }
          : r.auth === 'seller'
            ? { expired: t.expiredSeller, revoked: t.revokedSeller }
            : { expired: t.expiredOperator, revoked: t.revokedOperator };
      const others =
        r.auth === 'user' ? [t.seller, t.operator] : r.auth === 'seller' ? [t.customer, t.operator] : [t.customer, t.seller];
      const cases: Array<[string, Record<string, string>, number]> = [
        ['none', {}, 401],
        ['not bearer', { authorization: `Basic ${own.expired}` }, 401],
        ['unknown', { authorization: 'Bearer not-a-real-token' }, 401],
        ['expired', { authorization: `Bearer ${own.expired}` }, 401],
        ['revoked', { authorization: `Bearer ${own.revoked}` }, 401],
        ['other kind', { authorization: `Bearer ${others[0]}` }, 403],
        ['third kind', { authorization: `Bearer ${others[1]}` }, 403],
      ];
      for (const [name, headers, status] of cases) {
        // A body that would fail validation: authentication must answer first.
        const res = await app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers,
          payload: r.method === 'GET' ? undefined : { x: 1 },
        });
        expect({ route: `${r.method} ${r.url}`, token: name, status: res.statusCode }).toEqual({
          route: `${r.method} ${r.url}`,
          token: name,
          status,
        });
        if (status === 401) expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });

  it('lets a customer and a seller through a route open to both, and refuses a missing or bad token there', async () => {
    const t = await tokens();
    const either = apiRoutes().filter((r) => r.auth === 'any');
    expect(either.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/broadcasting/auth');
    for (const r of either) {
      const status = async (headers: Record<string, string>) =>
        (
          await app.inject({
            method: r.method as 'GET',
            url: concrete(r.url),
            headers,
            payload: r.method === 'GET' ? undefined : { x: 1 },
          })
        ).statusCode;
      const route = `${r.method} ${r.url}`;
      for (const token of [t.expired, t.revoked, t.expiredSeller, t.revokedSeller, 'not-a-real-token'])
        expect({ route, status: await status({ authorization: `Bearer ${token}` }) }).toEqual({ route, status: 401 });
      expect({ route, status: await status({}) }).toEqual({ route, status: 401 });
      // Past authentication, the body (here invalid) is what is answered.
      expect({ route, customer: await status({ authorization: `Bearer ${t.customer}` }) }).toEqual({ route, customer: 422 });
      expect({ route, seller: await status({ authorization: `Bearer ${t.seller}` }) }).toEqual({ route, seller: 422 });
      expect({ route, operator: await status({ authorization: `Bearer ${t.operator}` }) }).toEqual({ route, operator: 403 });
    }
  });

  it('lets a guest through an optional route but refuses a bad token there (so the client clears it)', async () => {
    const t = await tokens();
    const optional = apiRoutes().filter((r) => r.auth === 'optional');
    expect(optional.length).toBeGreaterThan(2);
    const sample: Record<string, string> = {
      '/api/product-details': '?product_id=1',
      '/api/shops/popular-products': '?product_id=1',
    };
    for (const r of optional) {
      const url = concrete(r.url) + (sample[r.url] ?? '');
      const status = async (headers: Record<string, string> = {}) =>
        (await app.inject({ method: r.method as 'GET', url, headers })).statusCode;
      expect({ url, guest: await status() }).toEqual({ url, guest: 200 });
      expect({ url, expired: await status({ authorization: `Bearer ${t.expired}` }) }).toEqual({ url, expired: 401 });
      expect({ url, customer: await status({ authorization: `Bearer ${t.customer}` }) }).toEqual({ url, customer: 200 });
      expect({ url, seller: await status({ authorization: `Bearer ${t.seller}` }) }).toEqual({ url, seller: 403 });
      expect({ url, operator: await status({ authorization: `Bearer ${t.operator}` }) }).toEqual({ url, operator: 403 });
    }
  });
});

describe('a live token of an account switched off', () => {
  it('is refused with 401 while its customer, seller or operator is inactive, and works again once active', async () => {
    const customer = await issueToken(app.db, 'user', 1);
    const seller = await issueToken(app.db, 'seller', 1);
    const op = await issueToken(app.db, 'operator', operator);
    const call = (url: string, token: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const setActive = async (active: number) => {
      await app.db.updateTable('users').set({ is_active: active }).where('id', '=', 1).execute();
      await app.db.updateTable('shop_users').set({ is_active: active }).where('id', '=', 1).execute();
      await app.db.updateTable('operators').set({ is_active: active }).where('id', '=', operator).execute();
    };
    try {
      await setActive(0);
      for (const [url, token] of [
        ['/api/carts', customer.token],
        ['/api/seller/orders', seller.token],
        ['/api/admin/me', op.token],
      ] as const) {
        const res = await call(url, token);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url,
          status: 401,
          body: { message: 'Unauthenticated.' },
        });
      }
    } finally {
      await setActive(1);
    }
    expect((await call('/api/carts', customer.token)).statusCode).toBe(200);
    expect((await call('/api/seller/orders', seller.token)).statusCode).toBe(200);
    expect((await call('/api/admin/me', op.token)).statusCode).toBe(200);
  });
});
