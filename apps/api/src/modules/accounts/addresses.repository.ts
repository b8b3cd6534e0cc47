import type { Address } from '@souq/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { AddressesTable } from '../../db/accounts-schema';

export type AddressRow = Selectable<AddressesTable>;

export const toAddress = (r: AddressRow): Address => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  area: r.area,
  flat_no: r.flat_no,
  address_type: r.address_type === 'office' || r.address_type === 'other' ? r.address_type : 'home',
  address_line: r.address_line,
  address_line2: r.address_line2,
  post_code: r.post_code,
  is_default: r.is_default === 1,
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
});

/** The customer's addresses, the default first, then the newest. */
export const listAddresses = (db: DbOrTrx, userId: number) =>
  db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** One address of this customer (another customer's is treated as missing). */
export const findAddress = (db: DbOrTrx, userId: number, id: number) =>
  db.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const countAddresses = async (db: DbOrTrx, userId: number) =>
  Number(
    (
      await db
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const clearDefault = (db: DbOrTrx, userId: number, exceptId?: number) => {
  let q = db.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.execute();
};

export const insertAddress = (db: DbOrTrx, address: Insertable<AddressesTable>) =>
  db.insertInto('addresses').values(address).returningAll().executeTakeFirstOrThrow();

export const updateAddress = (db: DbOrTrx, userId: number, id: number, changes: Updateable<AddressesTable>) =>
  db.updateTable('addresses').set(changes).where('id', '=', id).where('user_id', '=', userId).execute();

export const deleteAddress = (db: DbOrTrx, userId: number, id: number) =>
  db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).execute();

/** Makes the customer's newest address the default (after the default was deleted). */
export async function defaultToNewest(db: DbOrTrx, userId: number) {
  const next = await db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (next) await db.updateTable('addresses').set({ is_default: 1 }).where('id', '=', next.id).execute();
}
