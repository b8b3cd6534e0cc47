import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers';

/** `count` failed logins, each for a different unknown e-mail (no per-account limit), with X-Forwarded-For `ipOf(i)`. */
async function forgedLogins(app: Awaited<ReturnType<typeof createTestApp>>, count: number, ipOf: (i: number) => string) {
  const statuses: number[] = [];
  // In small batches: the password checks are queued anyway, and a 429 costs nothing.
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, k) => start + k);
    const answers = await Promise.all(
      batch.map((i) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'x-forwarded-for': ipOf(i) },
          payload: { phone: `nobody-${i}-${Math.random().toString(36).slice(2)}@example.com`, password: 'wrong-password' },
        }),
      ),
    );
    statuses.push(...answers.map((r) => r.statusCode));
  }
  return statuses;
}

const forged = (i: number) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** The request's client address as the app sees it (what every per-IP limit and log line uses). */
async function ipSeen(app: Awaited<ReturnType<typeof createTestApp>>, headers: Record<string, string>, remoteAddress?: string) {
  return (await app.inject({ method: 'GET', url: '/test/client-ip', headers, remoteAddress })).body;
}
const withIpRoute = <T extends Awaited<ReturnType<typeof createTestApp>>>(app: T) => {
  app.get('/test/client-ip', async (req) => req.ip);
  return app;
};

describe('client IP without TRUST_PROXY (the default)', () => {
  it('ignores X-Forwarded-For: 400 logins with 400 forged addresses meet the per-IP limit', async () => {
    const app = withIpRoute(await createTestApp());
    expect(app.config.trustProxy).toBe(false);
    expect(await ipSeen(app, { 'x-forwarded-for': '198.51.100.7' })).toBe('127.0.0.1');
    const statuses = await forgedLogins(app, 400, forged);
    const limit = app.config.accounts.loginLimitPerIp;
    expect(statuses.filter((s) => s === 429).length).toBe(400 - limit);
    // Before the limit: the ordinary answer to wrong credentials.
    expect(new Set(statuses.slice(0, limit))).toEqual(new Set([400]));
  });
});

describe('client IP with TRUST_PROXY', () => {
  it('set to the loopback address, honours the header that proxy sets', async () => {
    const app = withIpRoute(await createTestApp({ trustProxy: ['127.0.0.1'] }));
    expect(await ipSeen(app, { 'x-forwarded-for': '198.51.100.7' })).toBe('198.51.100.7');
    // The address the trusted proxy appended counts, not one the client put before it.
    expect(await ipSeen(app, { 'x-forwarded-for': '1.1.1.1, 198.51.100.8' })).toBe('198.51.100.8');
    // A sender that is not the trusted proxy cannot choose its address.
    expect(await ipSeen(app, { 'x-forwarded-for': '198.51.100.9' }, '192.0.2.50')).toBe('192.0.2.50');

    const limit = app.config.accounts.loginLimitPerIp;
    const distinct = await forgedLogins(app, limit + 20, forged);
    expect(new Set(distinct)).toEqual(new Set([400]));
    const same = await forgedLogins(app, limit + 5, () => '198.51.100.20');
    expect(same.filter((s) => s === 429).length).toBe(5);
  });

  it('as a hop count, trusts that many proxies nearest the server', async () => {
    const app = withIpRoute(await createTestApp({ trustProxy: 1 }));
    expect(await ipSeen(app, { 'x-forwarded-for': '1.1.1.1, 198.51.100.8' })).toBe('198.51.100.8');
    const two = withIpRoute(await createTestApp({ trustProxy: 2 }));
    expect(await ipSeen(two, { 'x-forwarded-for': '1.1.1.1, 198.51.100.8' })).toBe('1.1.1.1');
  });

  it('naming other addresses, ignores the header from the loopback', async () => {
    const app = withIpRoute(await createTestApp({ trustProxy: ['10.0.0.0/8'] }));
    expect(await ipSeen(app, { 'x-forwarded-for': '198.51.100.7' })).toBe('127.0.0.1');
    expect(await ipSeen(app, { 'x-forwarded-for': '198.51.100.7' }, '10.1.2.3')).toBe('198.51.100.7');
  });
});
