import { createHash } from 'node:crypto';
import type { DbOrTrx } from '../../db';
import { HttpError, validationError } from '../../http/route';
import * as repo from './idempotency.repository';

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** How long a repeat waits for the first request with its key to finish. */
const WAIT_MS = 20_000;
const POLL_MS = 25;
/**
 * A key still pending after this long belongs to a request that died with its process (its transaction
 * was rolled back long before: statements and idle transactions time out sooner): it is taken over.
 */
const ABANDONED_MS = 120_000;

export const requestHash = (parts: unknown) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** A usable Idempotency-Key header value: 1-255 visible ASCII characters. */
export function parseKey(raw: string | string[] | undefined): string | null {
  if (raw === undefined) return null;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || !/^[\x21-\x7e]{1,255}$/.test(v))
    throw validationError({ 'Idempotency-Key': ['The Idempotency-Key header must be 1 to 255 visible ASCII characters.'] });
  return v;
}

/**
 * Runs `work` once per customer and key: a repeat with the same request replays the first answer,
 * even while the first is still running (it waits for it); the same key with another request is 422.
 * The key is claimed by a unique index, so two requests at once cannot both run. A failed first
 * request frees the key (its refusal is not replayed: the customer may correct and retry).
 */
export async function once<T>(
  db: DbOrTrx,
  userId: number,
  key: string,
  hash: string,
  now: () => Date,
  work: () => Promise<T>,
): Promise<{ replayed: boolean; answer: T }> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const created = now().toISOString();
    if (await repo.claimKey(db, userId, key, hash, created)) {
      let answer: T;
      try {
        answer = await work();
      } catch (error) {
        await repo.freeKey(db, userId, key);
        throw error;
      }
      // What is stored is exactly what a replay will answer.
      const body = JSON.stringify(answer);
      await repo.storeAnswer(db, userId, key, body);
      return { replayed: false, answer: JSON.parse(body) as T };
    }
    const row = await repo.findKey(db, userId, key);
    if (!row) continue; // freed by a failed first request: claim it again
    const age = now().getTime() - Date.parse(row.created_at);
    if (age > IDEMPOTENCY_TTL_MS || (row.status === 'pending' && age > ABANDONED_MS)) {
      // An expired or abandoned key starts afresh.
      await repo.dropKeyRow(db, row.id, row.created_at);
      continue;
    }
    if (row.request_hash !== hash)
      throw validationError({ 'Idempotency-Key': ['This Idempotency-Key was already used with a different request.'] });
    if (row.status === 'done' && row.response_body !== null)
      return { replayed: true, answer: JSON.parse(row.response_body) as T };
    if (Date.now() > deadline)
      throw new HttpError(409, 'A request with this Idempotency-Key is still being processed. Please retry shortly.');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Forgets keys older than the replay window. */
export const purgeKeys = (db: DbOrTrx, now: Date) =>
  repo.deleteKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString());
