import type { Address, AddressBody, AddressUpdateBody } from '@souq/contracts';
import { HttpError, notFound } from '../../http/route';
import { type AccountsContext, lockUser } from './context';
import type { Updateable } from 'kysely';
import type { AddressesTable } from '../../db/accounts-schema';
import * as repo from './addresses.repository';

export const MAX_ADDRESSES = 50;
const missing = () => notFound('Address not found.');

export function createAddressesService(ctx: AccountsContext) {
  const { db } = ctx;

  async function list(userId: number) {
    const rows = await repo.listAddresses(db, userId);
    return { total: rows.length, addresses: rows.map(repo.toAddress) };
  }

  /** Adds an address; the first one, or one marked is_default, becomes the only default. */
  async function create(userId: number, body: AddressBody): Promise<Address> {
    const now = ctx.now().toISOString();
    const row = await db.transaction().execute(async (trx) => {
      await lockUser(ctx, trx, userId);
      const count = await repo.countAddresses(trx, userId);
      if (count >= MAX_ADDRESSES) throw new HttpError(409, `You can keep at most ${MAX_ADDRESSES} addresses.`);
      const isDefault = body.is_default === true || count === 0;
      if (isDefault) await repo.clearDefault(trx, userId);
      return repo.insertAddress(trx, {
        user_id: userId,
        name: body.name,
        phone: body.phone,
        area: body.area ?? null,
        flat_no: body.flat_no ?? null,
        address_type: body.address_type,
        address_line: body.address_line,
        address_line2: body.address_line2 ?? null,
        post_code: body.post_code ?? null,
        is_default: isDefault ? 1 : 0,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        created_at: now,
        updated_at: now,
      });
    });
    return repo.toAddress(row);
  }

  /** Changes the given fields. Setting is_default clears the others; the default cannot be unset alone. */
  async function update(userId: number, id: number, body: AddressUpdateBody): Promise<Address> {
    const now = ctx.now().toISOString();
    const row = await db.transaction().execute(async (trx) => {
      await lockUser(ctx, trx, userId);
      const current = await repo.findAddress(trx, userId, id);
      if (!current) throw missing();
      const patch: Updateable<AddressesTable> = {};
      for (const key of [
        'name',
        'phone',
        'area',
        'flat_no',
        'address_type',
        'address_line',
        'address_line2',
        'post_code',
        'latitude',
        'longitude',
      ] as const) {
        if (body[key] !== undefined) Object.assign(patch, { [key]: body[key] });
      }
      if (body.is_default === true) {
        await repo.clearDefault(trx, userId, id);
        patch.is_default = 1;
      }
      await repo.updateAddress(trx, userId, id, { ...patch, updated_at: now });
      return (await repo.findAddress(trx, userId, id))!;
    });
    return repo.toAddress(row);
  }

  /** Deletes an address; when it was the default, the newest remaining one becomes the default. */
  async function remove(userId: number, id: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await lockUser(ctx, trx, userId);
      const current = await repo.findAddress(trx, userId, id);
      if (!current) throw missing();
      await repo.deleteAddress(trx, userId, id);
      if (current.is_default === 1) await repo.defaultToNewest(trx, userId);
    });
  }

  return { list, create, update, remove };
}
