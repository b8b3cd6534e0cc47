import type { DbOrTrx } from '../../db';

/** SQL of the operators (migration 020). */

export const findOperatorByEmail = (db: DbOrTrx, email: string) =>
  db
    .selectFrom('operators')
    .select(['id', 'name', 'email', 'password_hash', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();

export const findOperatorById = (db: DbOrTrx, id: number) =>
  db.selectFrom('operators').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();

export const touchOperatorLogin = (db: DbOrTrx, id: number, now: string) =>
  db.updateTable('operators').set({ last_login_at: now }).where('id', '=', id).execute();

/** Adds an operator; undefined when the e-mail is taken (checked by the unique index, so two at once cannot both win). */
export async function insertOperator(
  db: DbOrTrx,
  values: { name: string; email: string; password_hash: string; created_at: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('operators')
    .values({ ...values, is_active: 1 })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
