import type { DbOrTrx } from '../../db';

/** SQL of the idempotency keys (one row per customer and Idempotency-Key header, unique). */

/** Claims the key for this request; true when this call inserted it (the unique index decides). */
export async function claimKey(db: DbOrTrx, userId: number, key: string, hash: string, createdAt: string): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, idem_key: key, request_hash: hash, status: 'pending', created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Frees a key (its first request failed). */
export const freeKey = (db: DbOrTrx, userId: number, key: string) =>
  db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('idem_key', '=', key).execute();

/** Stores the answer a replay gives. */
export const storeAnswer = (db: DbOrTrx, userId: number, key: string, body: string) =>
  db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_code: 200, response_body: body })
    .where('user_id', '=', userId)
    .where('idem_key', '=', key)
    .execute();

export const findKey = (db: DbOrTrx, userId: number, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('idem_key', '=', key).executeTakeFirst();

/** Deletes one key row, only if it is still the row that was read (same id and creation time). */
export const dropKeyRow = (db: DbOrTrx, id: number, createdAt: string) =>
  db.deleteFrom('idempotency_keys').where('id', '=', id).where('created_at', '=', createdAt).execute();

/** Deletes the keys created before `before`. */
export const deleteKeysBefore = (db: DbOrTrx, before: string) =>
  db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
