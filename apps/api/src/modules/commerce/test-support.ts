import type { FastifyInstance } from 'fastify';
import { issueToken } from '../auth/tokens';

let seq = 0;

/**
 * A signed-in customer made straight in the database (no password hashing: race tests need many),
 * with a verified phone and one default address.
 */
export async function makeCustomer(app: FastifyInstance, opts: { verified?: boolean } = {}) {
  seq++;
  const now = new Date().toISOString();
  const phone = `7${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(4, '0')}`;
  const user = await app.db
    .insertInto('users')
    .values({
      name: `Customer ${seq}`,
      email: `c${process.pid}-${seq}@example.com`,
      phone,
      phone_code: '+968',
      country: 'Oman',
      password_hash: null,
      profile_photo: null,
      gender: null,
      date_of_birth: null,
      phone_verified_at: opts.verified === false ? null : now,
      email_verified_at: null,
      last_online_at: null,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = await app.db
    .insertInto('addresses')
    .values({
      user_id: user.id,
      name: `Customer ${seq}`,
      phone,
      area: 'Al Khuwair',
      flat_no: '12',
      address_type: 'home',
      address_line: 'Way 3015, Muscat',
      address_line2: null,
      post_code: '133',
      is_default: 1,
      latitude: null,
      longitude: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await issueToken(app.db, 'user', user.id);
  return { id: user.id, phone, addressId: address.id, auth: { authorization: `Bearer ${token}` } };
}
export type TestCustomer = Awaited<ReturnType<typeof makeCustomer>>;

/** The Authorization header of the seed's seller account of a shop. */
export async function sellerAuth(app: FastifyInstance, shopId: number) {
  const seller = await app.db.selectFrom('shop_users').select('id').where('shop_id', '=', shopId).executeTakeFirstOrThrow();
  const { token } = await issueToken(app.db, 'seller', seller.id);
  return { authorization: `Bearer ${token}` };
}

/** Active products of active shops without colours and sizes (simple to buy), cheapest first. */
export async function plainProducts(app: FastifyInstance, opts: { shopId?: number; minStock?: number } = {}) {
  let q = app.db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select(['p.id', 'p.shop_id', 'p.price', 'p.list_price', 'p.quantity'])
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1)
    .where('p.quantity', '>=', opts.minStock ?? 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_colors').select('id').whereRef('product_id', '=', 'p.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_sizes').select('id').whereRef('product_id', '=', 'p.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('flash_sale_products').select('id').whereRef('product_id', '=', 'p.id'))));
  if (opts.shopId) q = q.where('p.shop_id', '=', opts.shopId);
  return q.orderBy('p.id').execute();
}

/** Sets a shop's delivery terms and minimum order (tests pin them). */
export const setShopTerms = (
  app: FastifyInstance,
  shopId: number,
  terms: { delivery_charge?: number; free_delivery_above?: number; min_order_amount?: number },
) => app.db.updateTable('shops').set(terms).where('id', '=', shopId).execute();

export const setStock = (app: FastifyInstance, productId: number, quantity: number) =>
  app.db.updateTable('products').set({ quantity }).where('id', '=', productId).execute();

export const stockOf = async (app: FastifyInstance, productId: number) =>
  (await app.db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow()).quantity;

export const post = (
  app: FastifyInstance,
  url: string,
  auth: Record<string, string>,
  payload: unknown,
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload: payload as object });

export const get = (app: FastifyInstance, url: string, auth: Record<string, string>) =>
  app.inject({ method: 'GET', url, headers: auth });
