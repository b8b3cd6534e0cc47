import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, testOperator } from '../../../test/helpers';
import { buildApp } from '../../app';
import { issueToken } from '../auth/tokens';
import { makeCustomer } from '../commerce/test-support';

/**
 * Two API instances on one PostgreSQL database and one Redis (decision 031): a customer the operators
 * deactivate through one instance is refused by the other at once, though the other kept its token (for
 * TOKEN_CACHE_MS). Runs where the scale-out tests run: TEST_REDIS_URL set and the PostgreSQL pass.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = !!redisUrl && testDialect() === 'postgres';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function eventually(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe.skipIf(!enabled)('customers deactivated on two instances (PostgreSQL and Redis)', async () => {
  const a = enabled
    ? await createTestApp({ redisUrl, redisPrefix: `souq-test-${randomBytes(4).toString('hex')}:` })
    : (null as unknown as FastifyInstance);
  const b = enabled ? await buildApp({ ...a.config }, { prepareDatabase: false }) : (null as unknown as FastifyInstance);
  if (enabled) closers.push(() => b.close());

  it('refuses the customer on the other instance long before TOKEN_CACHE_MS; activated, it signs in anew', async () => {
    const ops = { authorization: `Bearer ${(await issueToken(a.db, 'operator', await testOperator(a.db))).token}` };
    const c = await makeCustomer(a);
    const profile = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/profile', headers: c.auth }).then((r) => r.statusCode);
    // Both instances have read the token and keep it.
    expect([await profile(a), await profile(b)]).toEqual([200, 200]);
    expect(a.config.tokenCacheMs).toBeGreaterThanOrEqual(5000);
    const started = Date.now();
    const res = await a.inject({ method: 'POST', url: `/api/admin/customers/${c.id}/deactivate`, headers: ops });
    expect(res.statusCode, res.body).toBe(200);
    expect(await profile(a)).toBe(401);
    expect(await eventually(async () => (await profile(b)) === 401, 2000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(a.config.tokenCacheMs);
    // Activating through the other instance does not bring the ended session back.
    expect((await b.inject({ method: 'POST', url: `/api/admin/customers/${c.id}/activate`, headers: ops })).statusCode).toBe(200);
    expect([await profile(a), await profile(b)]).toEqual([401, 401]);
    const fresh = { authorization: `Bearer ${(await issueToken(a.db, 'user', c.id)).token}` };
    expect((await b.inject({ method: 'GET', url: '/api/profile', headers: fresh })).statusCode).toBe(200);
  });
});
