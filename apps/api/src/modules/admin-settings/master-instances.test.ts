import { randomBytes } from 'node:crypto';
import { adminCurrenciesResponseSchema, masterResponseSchema } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, testDialect, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';

/**
 * Two API instances on one PostgreSQL database and one Redis (as apps/api/test/scale-out.test.ts), each
 * with its answer cache on for a minute: a setting or a rate written through one reaches `/api/master`
 * on the other within the 1 s budget (BACKOFFICE.md "Operator console"), long before either cache's TTL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = !!redisUrl && testDialect() === 'postgres';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe.skipIf(!enabled)('a console write reaches /api/master on every instance', async () => {
  const a = enabled
    ? await createTestApp({ redisUrl, redisPrefix: `souq-test-${randomBytes(4).toString('hex')}:`, catalogCacheTtlMs: 60_000 })
    : (null as unknown as FastifyInstance);
  const b = enabled ? await buildApp({ ...a.config }, { prepareDatabase: false }) : (null as unknown as FastifyInstance);
  if (enabled) closers.push(() => b.close());
  const operator = enabled
    ? { authorization: `Bearer ${(await issueToken(a.db, 'operator', await testOperator(a.db))).token}` }
    : {};
  const master = async (app: FastifyInstance) => {
    const res = await app.inject({ url: '/api/master', headers: { 'accept-language': 'en' } });
    return { data: masterResponseSchema.parse(res.json()).data, cache: res.headers['x-cache'] };
  };
  /** Milliseconds from the write's answer until `seen` holds on the instance (polled every 10 ms). */
  async function timeToVisible(app: FastifyInstance, seen: (m: Awaited<ReturnType<typeof master>>['data']) => boolean) {
    const started = Date.now();
    while (Date.now() - started < 5_000) {
      if (seen((await master(app)).data)) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
    return Infinity;
  }

  it('a setting changed through A shows on B (and A) within 1 s, both caches warm', async () => {
    // Both instances answer /master from their caches (and their subscriptions are live by then).
    await new Promise((r) => setTimeout(r, 300));
    for (const app of [a, b]) {
      await master(app);
      expect((await master(app)).cache).toBe('hit');
    }
    const res = await a.inject({ method: 'PUT', url: '/api/admin/settings', headers: operator, payload: { otp_length: 7 } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await master(a)).data.otp_length).toBe(7);
    const onB = await timeToVisible(b, (m) => m.otp_length === 7);
    expect(onB).toBeLessThan(1000);
  });

  it('a rate changed through B shows on A within 1 s', async () => {
    for (const app of [a, b]) {
      await master(app);
      expect((await master(app)).cache).toBe('hit');
    }
    const list = adminCurrenciesResponseSchema.parse((await b.inject({ url: '/api/admin/currencies', headers: operator })).json())
      .data.currencies;
    const usd = list.find((c) => c.code === 'USD')!;
    const res = await b.inject({
      method: 'PUT',
      url: `/api/admin/currencies/${usd.id}`,
      headers: operator,
      payload: { rate_from_default: 2.5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const onA = await timeToVisible(a, (m) => m.currencies.find((c) => c.code === 'USD')?.rate_from_default === 2.5);
    expect(onA).toBeLessThan(1000);
  });
});
