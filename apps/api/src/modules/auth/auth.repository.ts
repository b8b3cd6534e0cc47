import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { AccessTokensTable } from '../../db/accounts-schema';

/** SQL of the auth module: access tokens, and the active flags of the accounts they sign in. */

type TokenOwner = 'user' | 'seller';

export const insertToken = (db: DbOrTrx, values: Insertable<AccessTokensTable>) =>
  db.insertInto('access_tokens').values(values).execute();

/** The token row with this hash (live or not). */
export const tokenByHash = (db: DbOrTrx, tokenHash: string) =>
  db
    .selectFrom('access_tokens')
    .select(['id', 'owner_type', 'owner_id', 'expires_at', 'revoked_at', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();

export const tokenById = (db: DbOrTrx, tokenId: number) =>
  db
    .selectFrom('access_tokens')
    .select(['owner_type', 'owner_id', 'expires_at', 'revoked_at'])
    .where('id', '=', tokenId)
    .executeTakeFirst();

export const markRevoked = (db: DbOrTrx, tokenId: number, now: string) =>
  db.updateTable('access_tokens').set({ revoked_at: now }).where('id', '=', tokenId).execute();

/** Revokes every unrevoked token of an owner, but `exceptId`. */
export async function markAllRevoked(db: DbOrTrx, ownerType: TokenOwner, ownerId: number, now: string, exceptId?: number) {
  let q = db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('revoked_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  await q.execute();
}

export const touchToken = (db: DbOrTrx, tokenId: number, now: string) =>
  db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();

/** A customer's id and active flag. */
export const userFlag = (db: DbOrTrx, id: number) =>
  db.selectFrom('users').select(['id', 'is_active']).where('id', '=', id).executeTakeFirst();

/** A seller's id, shop and active flag. */
export const sellerFlag = (db: DbOrTrx, id: number) =>
  db.selectFrom('shop_users').select(['id', 'shop_id', 'is_active']).where('id', '=', id).executeTakeFirst();
