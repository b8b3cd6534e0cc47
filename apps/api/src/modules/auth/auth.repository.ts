import type { Insertable } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db';
import { compiledOnce } from '../../db/compiled';
import type { AccessTokensTable } from '../../db/accounts-schema';

/** SQL of the auth module: access tokens, and the active flags of the accounts they sign in. */

type TokenOwner = 'user' | 'seller' | 'operator';

export const insertToken = (db: DbOrTrx, values: Insertable<AccessTokensTable>) =>
  db.insertInto('access_tokens').values(values).execute();

/**
 * The token row with this hash and its owner's active flag (and a seller's shop), in one statement:
 * every signed-in request reads it.
 */
const tokenWithOwner = compiledOnce((db, _dialect, a: { tokenHash: string }) =>
  db
    .selectFrom('access_tokens as t')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 't.owner_id').on('t.owner_type', '=', 'user'))
    .leftJoin('shop_users as su', (j) => j.onRef('su.id', '=', 't.owner_id').on('t.owner_type', '=', 'seller'))
    .leftJoin('operators as op', (j) => j.onRef('op.id', '=', 't.owner_id').on('t.owner_type', '=', 'operator'))
    .select([
      't.id',
      't.owner_type',
      't.owner_id',
      't.expires_at',
      't.revoked_at',
      't.last_used_at',
      'u.is_active as user_active',
      'su.is_active as seller_active',
      'su.shop_id as seller_shop_id',
      'op.is_active as operator_active',
    ])
    .where('t.token_hash', '=', a.tokenHash),
);

export const tokenWithOwnerByHash = async (db: DbOrTrx, dialect: Dialect, tokenHash: string) =>
  (await tokenWithOwner(db, dialect, { tokenHash }))[0];

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
