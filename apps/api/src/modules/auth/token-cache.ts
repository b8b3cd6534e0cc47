import type { FastifyBaseLogger } from 'fastify';
import { redisChannel } from '../../shared/redis-channel';
import type { TokenOwner } from './tokens';

/** What a signed-in request needs of its token's row: who, until when, and whether the account is active. */
export interface LiveTokenRow {
  id: number;
  owner_type: string;
  owner_id: number;
  expires_at: string;
  last_used_at: string | null;
  user_active: number | null;
  seller_active: number | null;
  seller_shop_id: number | null;
  operator_active: number | null;
}

/**
 * Which tokens a committed revocation ended: one (with its owner when the caller knows it, so that the
 * owner's realtime subscriptions can be renewed), or every token of an owner.
 */
export type Revoked = { tokenId: number; owner?: { type: TokenOwner; id: number } } | { ownerType: TokenOwner; ownerId: number };

interface Entry {
  row: LiveTokenRow;
  /** When the row was read (ms): kept for `ttlMs` from then. */
  readAt: number;
  expiresAt: number;
  /** When this process last wrote the token's last_used_at (ms). */
  touchedAt: number;
}

/**
 * The live token rows this process read in the last `ttlMs` (TOKEN_CACHE_MS, decision 031), so that a
 * signed-in call does not pay a statement to learn who it is. A revocation drops its rows here at once
 * and, with REDIS_URL, on every other instance; a change made outside the application (an account
 * deactivated in the database) is seen within `ttlMs`. Only live tokens of active accounts are kept.
 */
export interface TokenCache {
  /** The row kept for this token hash, while younger than the TTL and the token unexpired. */
  get(hash: string, nowMs: number): Entry | undefined;
  /** Taken before reading a row from the database: `put` keeps it only if nothing was revoked meanwhile. */
  mark(): number;
  put(hash: string, row: LiveTokenRow, mark: number, nowMs: number, touchedAt: number): void;
  /** Call after a revocation is committed: forgets its tokens here and on the other instances. */
  revoked(what: Revoked): void;
  /** Called with every revocation, this instance's and the others' (the realtime server listens). */
  onRevoked(listener: (what: Revoked) => void): void;
  /** Rows kept now (some may be past their time until the next `put`). */
  size(): number;
  close(): Promise<void>;
}

const MAX_ENTRIES = 50_000;

export function createTokenCache(
  ttlMs: number,
  opts: { redisUrl?: string; redisPrefix: string; log: FastifyBaseLogger },
): TokenCache {
  const byHash = new Map<string, Entry>();
  const hashById = new Map<number, string>();
  // Bumped by every revocation (here or elsewhere): a row read across one is not kept.
  let epoch = 0;
  // False while the subscription to the other instances' revocations is down: nothing is kept then.
  const shared = !!opts.redisUrl && ttlMs > 0;
  let listening = !shared;

  const drop = (hash: string) => {
    const e = byHash.get(hash);
    if (!e) return;
    byHash.delete(hash);
    hashById.delete(e.row.id);
  };
  const listeners: Array<(what: Revoked) => void> = [];
  const tell = (what: Revoked) => {
    for (const l of listeners) l(what);
  };
  const forget = (what: Revoked) => {
    epoch++;
    if ('tokenId' in what) {
      const hash = hashById.get(what.tokenId);
      if (hash) drop(hash);
      return;
    }
    for (const [hash, e] of byHash) if (e.row.owner_type === what.ownerType && e.row.owner_id === what.ownerId) drop(hash);
  };

  // Other instances' revocations, through Redis pub/sub (as the realtime fan-out, decision 019). While
  // the subscription is down they may be missed: nothing is kept then (every call reads its token).
  const others =
    opts.redisUrl && shared
      ? redisChannel<Revoked>(opts.redisUrl, `${opts.redisPrefix}token-revocations`, {
          name: 'souq-tokens',
          log: opts.log,
          receive: (what) => {
            forget(what);
            tell(what);
          },
          down: () => {
            listening = false;
            epoch++;
            byHash.clear();
            hashById.clear();
          },
          up: () => (listening = true),
        })
      : null;

  function putEntry(hash: string, row: LiveTokenRow, mark: number, nowMs: number, touchedAt: number) {
    if (ttlMs <= 0 || !listening || mark !== epoch) return;
    drop(hash);
    // Rows are kept in the order they were read: the oldest go first, when past their time or too many.
    for (const [oldest, e] of byHash) {
      if (nowMs - e.readAt < ttlMs && byHash.size < MAX_ENTRIES) break;
      drop(oldest);
    }
    byHash.set(hash, { row, readAt: nowMs, expiresAt: Date.parse(row.expires_at), touchedAt });
    hashById.set(row.id, hash);
  }

  return {
    get(hash, nowMs) {
      const e = byHash.get(hash);
      if (!e) return undefined;
      if (nowMs - e.readAt >= ttlMs || nowMs >= e.expiresAt) {
        drop(hash);
        return undefined;
      }
      return e;
    },
    mark: () => epoch,
    put: (hash, row, mark, nowMs, touchedAt) => putEntry(hash, row, mark, nowMs, touchedAt),
    revoked(what) {
      forget(what);
      others?.publish(what);
      tell(what);
    },
    onRevoked(listener) {
      listeners.push(listener);
    },
    size: () => byHash.size,
    close: async () => others?.close(),
  };
}
