import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { makeCustomer } from '../commerce/test-support';
import { createTokenCache, type LiveTokenRow } from './token-cache';

/** Decision 031: a process trusts a token it has read for TOKEN_CACHE_MS; revocations apply at once. */
const log = pino({ level: 'silent' });
const row = (id: number, over: Partial<LiveTokenRow> = {}): LiveTokenRow => ({
  id,
  owner_type: 'user',
  owner_id: 7,
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  last_used_at: null,
  user_active: 1,
  seller_active: null,
  seller_shop_id: null,
  operator_active: null,
  ...over,
});

describe('the token cache', () => {
  it('keeps a row for its TTL, and never past the token’s expiry', () => {
    const cache = createTokenCache(10_000, { redisPrefix: 't:', log });
    const t0 = Date.now();
    cache.put('a', row(1), cache.mark(), t0, t0);
    expect(cache.get('a', t0 + 9_999)?.row.id).toBe(1);
    expect(cache.get('a', t0 + 10_000)).toBeUndefined();
    cache.put('b', row(2, { expires_at: new Date(t0 + 500).toISOString() }), cache.mark(), t0, t0);
    expect(cache.get('b', t0 + 499)?.row.id).toBe(2);
    expect(cache.get('b', t0 + 500)).toBeUndefined();
  });

  it('forgets a revoked token, or every token of an owner, and no other', () => {
    const cache = createTokenCache(10_000, { redisPrefix: 't:', log });
    const t0 = Date.now();
    cache.put('a', row(1), cache.mark(), t0, t0);
    cache.put('b', row(2), cache.mark(), t0, t0);
    cache.put('c', row(3, { owner_id: 8 }), cache.mark(), t0, t0);
    cache.put('d', row(4, { owner_type: 'seller', owner_id: 7, seller_active: 1, seller_shop_id: 2 }), cache.mark(), t0, t0);
    cache.revoked({ tokenId: 1 });
    expect(cache.get('a', t0)).toBeUndefined();
    expect(cache.get('b', t0)?.row.id).toBe(2);
    cache.revoked({ ownerType: 'user', ownerId: 7 });
    expect(cache.get('b', t0)).toBeUndefined();
    expect(cache.get('c', t0)?.row.id).toBe(3);
    expect(cache.get('d', t0)?.row.id).toBe(4);
  });

  it('does not keep a row read while a revocation was made (it may predate it)', () => {
    const cache = createTokenCache(10_000, { redisPrefix: 't:', log });
    const t0 = Date.now();
    const mark = cache.mark();
    cache.revoked({ tokenId: 1 });
    cache.put('a', row(1), mark, t0, t0);
    expect(cache.get('a', t0)).toBeUndefined();
    cache.put('a', row(1), cache.mark(), t0, t0);
    expect(cache.get('a', t0)?.row.id).toBe(1);
  });

  it('lets go of rows past their time when it keeps another', () => {
    const cache = createTokenCache(10_000, { redisPrefix: 't:', log });
    const t0 = Date.now();
    cache.put('a', row(1), cache.mark(), t0, t0);
    cache.put('b', row(2), cache.mark(), t0 + 5_000, t0);
    expect(cache.size()).toBe(2);
    cache.put('c', row(3), cache.mark(), t0 + 12_000, t0);
    expect(cache.size()).toBe(2);
    cache.put('d', row(4), cache.mark(), t0 + 30_000, t0);
    expect(cache.size()).toBe(1);
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = createTokenCache(0, { redisPrefix: 't:', log });
    cache.put('a', row(1), cache.mark(), Date.now(), Date.now());
    expect(cache.get('a', Date.now())).toBeUndefined();
  });
});

describe('a signed-in call and the token cache', async () => {
  let clock = Date.now();
  const kept = await createTestApp({ tokenCacheMs: 10_000, now: () => new Date(clock) });
  const unkept = await createTestApp({ tokenCacheMs: 0 });
  afterAll(async () => {
    await kept.close();
    await unkept.close();
  });
  const profile = (app: typeof kept, auth: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/profile', headers: auth }).then((r) => r.statusCode);

  it('sees an account deactivated in the database within TOKEN_CACHE_MS, and at once with 0', async () => {
    const a = await makeCustomer(kept);
    expect(await profile(kept, a.auth)).toBe(200);
    await kept.db.updateTable('users').set({ is_active: 0 }).where('id', '=', a.id).execute();
    // Trusted as read a moment ago (no statement for the token)…
    expect(await profile(kept, a.auth)).toBe(200);
    clock += 10_000;
    // …and read again once the time is up.
    expect(await profile(kept, a.auth)).toBe(401);

    const b = await makeCustomer(unkept);
    expect(await profile(unkept, b.auth)).toBe(200);
    await unkept.db.updateTable('users').set({ is_active: 0 }).where('id', '=', b.id).execute();
    expect(await profile(unkept, b.auth)).toBe(401);
  });

  it('records a kept token’s use at most once a minute', async () => {
    const a = await makeCustomer(kept);
    const usedAt = () =>
      kept.db
        .selectFrom('access_tokens')
        .select('last_used_at')
        .where('owner_type', '=', 'user')
        .where('owner_id', '=', a.id)
        .executeTakeFirstOrThrow()
        .then((r) => r.last_used_at);
    expect(await profile(kept, a.auth)).toBe(200);
    const first = await usedAt();
    expect(first).toBe(new Date(clock).toISOString());
    clock += 5_000;
    expect(await profile(kept, a.auth)).toBe(200);
    expect(await usedAt()).toBe(first);
    clock += 56_000;
    expect(await profile(kept, a.auth)).toBe(200);
    expect(await usedAt()).toBe(new Date(clock).toISOString());
  });
});
