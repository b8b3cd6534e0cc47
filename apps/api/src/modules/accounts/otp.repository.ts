import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { OneTimeCodesTable, ResetTokensTable } from '../../db/accounts-schema';

/** One-time codes and reset tokens: the SQL of the code flows (otp.service.ts holds the rules). */

type Channel = 'email' | 'phone';

/** Codes stored for an IP address since a moment. */
export async function countCodesFromIp(db: DbOrTrx, ip: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('one_time_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const codesOf = (db: DbOrTrx, userId: number, channel: Channel, target: string) =>
  db.selectFrom('one_time_codes').where('user_id', '=', userId).where('channel', '=', channel).where('target', '=', target);

/** When the account's newest code not yet passed for this target was issued. */
export const lastOpenCodeAt = (db: DbOrTrx, userId: number, channel: Channel, target: string) =>
  codesOf(db, userId, channel, target)
    .select('created_at')
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * Codes issued to the account for this target since a moment that count towards its daily cap: those its
 * owner asked for signed in, and those asked for from `ip` (the requester's own). A stranger's requests
 * from elsewhere do not use up the owner's day (issue 41). (A used code proves nothing of its request:
 * a right code uses up its open siblings too.)
 */
export async function countCodesSince(db: DbOrTrx, userId: number, channel: Channel, target: string, since: string, ip: string) {
  const row = await codesOf(db, userId, channel, target)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('by_owner', '=', 1), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const insertCode = (db: DbOrTrx, code: Insertable<OneTimeCodesTable>) =>
  db.insertInto('one_time_codes').values(code).execute();

/** Ids of the account's codes for this target not yet used nor expired, the newest first. */
export async function openCodeIds(db: DbOrTrx, userId: number, channel: Channel, target: string, now: string) {
  const rows = await codesOf(db, userId, channel, target)
    .select('id')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

export const useCodes = (db: DbOrTrx, ids: number[], now: string) =>
  db.updateTable('one_time_codes').set({ used_at: now }).where('id', 'in', ids).execute();

/** The newest codes that may still be passed: open, not expired, with tries left. */
export const liveCodes = (
  db: DbOrTrx,
  userId: number,
  channel: Channel,
  target: string,
  now: string,
  maxTries: number,
  limit: number,
) =>
  codesOf(db, userId, channel, target)
    .selectAll()
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxTries)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Counts a wrong try on each of these codes still open, atomically, never past maxTries. */
export const countWrongTry = (db: DbOrTrx, ids: number[], maxTries: number) =>
  db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxTries)
    .returning('attempts')
    .execute();

/** Uses up one code if it is still open with tries left; whether this call did. */
export async function useCode(db: DbOrTrx, id: number, now: string, maxTries: number): Promise<boolean> {
  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Uses up every open code of the account for this target. */
export const useOpenCodes = (db: DbOrTrx, userId: number, channel: Channel, target: string, now: string) =>
  db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('used_at', 'is', null)
    .execute();

export const insertResetToken = (db: DbOrTrx, token: Insertable<ResetTokensTable>) =>
  db.insertInto('reset_tokens').values(token).execute();

export const findResetToken = (db: DbOrTrx, tokenHash: string) =>
  db.selectFrom('reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Uses up a reset token if it is still unused; whether this call did. */
export async function useResetToken(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const used = await db
    .updateTable('reset_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Voids the account's open codes sent to these channels (its phone or e-mail changed). */
export const voidOpenCodes = (db: DbOrTrx, userId: number, channels: Channel[], now: string) =>
  db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('channel', 'in', channels)
    .where('used_at', 'is', null)
    .execute();
