import { sql } from 'kysely';
import type { AdminShopStatus } from '@souq/contracts';
import type { DbOrTrx } from '../../db';

/** SQL of the console's shops and dashboard (BACKOFFICE.md "Operator console"). Portable to both dialects. */

export type StoredShopStatus = 'pending' | 'approved' | 'suspended' | 'rejected';

/** The console's name of a stored status (`approved` is `active`), and back. */
export const consoleStatus = (stored: string): AdminShopStatus =>
  stored === 'approved' ? 'active' : (stored as AdminShopStatus);
export const storedStatus = (status: AdminShopStatus): StoredShopStatus => (status === 'active' ? 'approved' : status);

/** The shop's owner: its first seller account (the one that applied). */
const ownerJoin = sql`LEFT JOIN shop_users u ON u.id = (SELECT MIN(u2.id) FROM shop_users u2 WHERE u2.shop_id = s.id)`;

const rowColumns = sql`s.id, s.name, s.name_ar, s.logo, s.status, s.created_at,
  u.name AS owner_name, u.email AS owner_email, u.phone AS owner_phone,
  (SELECT COUNT(*) FROM products p WHERE p.shop_id = s.id AND p.archived_at IS NULL) AS total_products,
  (SELECT COUNT(*) FROM orders o WHERE o.shop_id = s.id) AS total_orders`;

export interface ShopListRow {
  id: number;
  name: string;
  name_ar: string | null;
  logo: string | null;
  status: string;
  created_at: string;
  owner_name: string | null;
  owner_email: string | null;
  owner_phone: string | null;
  total_products: number | string;
  total_orders: number | string;
}

export interface ShopFilter {
  status: AdminShopStatus | 'all';
  /** Normalised words: each must be in the shop's names, or its owner's e-mail or phone. */
  terms: string[];
  /** The whole search when it is a number: also a shop's id. */
  id: number | null;
}

function whereOf(f: ShopFilter) {
  const parts = [];
  if (f.status !== 'all') parts.push(sql`s.status = ${storedStatus(f.status)}`);
  if (f.terms.length) {
    const words = sql.join(
      f.terms.map(
        (t) =>
          sql`(s.search_text LIKE ${`%${t}%`} OR LOWER(COALESCE(u.email, '')) LIKE ${`%${t}%`} OR COALESCE(u.phone, '') LIKE ${`%${t}%`})`,
      ),
      sql` AND `,
    );
    parts.push(f.id !== null ? sql`(s.id = ${f.id} OR (${words}))` : sql`(${words})`);
  }
  return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
}

export async function countShops(db: DbOrTrx, f: ShopFilter): Promise<number> {
  const join = f.terms.length ? ownerJoin : sql``;
  const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM shops s ${join} ${whereOf(f)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Applications first (oldest first: a queue), then the other shops, newest first. */
const listOrder = sql`ORDER BY CASE WHEN s.status = 'pending' THEN 0 ELSE 1 END,
      CASE WHEN s.status = 'pending' THEN s.id ELSE -s.id END`;

/**
 * One page of shops. The page's ids are found first and only its rows get their owner and counts: both
 * databases compute a row's columns before sorting, so counting every shop's products and orders to
 * keep 20 of them cost tens of milliseconds on 500 shops (bench/console.mjs).
 */
export async function listShops(db: DbOrTrx, f: ShopFilter, limit: number, offset: number): Promise<ShopListRow[]> {
  const join = f.terms.length ? ownerJoin : sql``;
  const { rows } = await sql<ShopListRow>`SELECT ${rowColumns}
    FROM (SELECT s.id FROM shops s ${join} ${whereOf(f)} ${listOrder} LIMIT ${limit} OFFSET ${offset}) page
    JOIN shops s ON s.id = page.id ${ownerJoin}
    ${listOrder}`.execute(db);
  return rows;
}

export interface ShopDetailRow extends ShopListRow {
  slug: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  address_ar: string | null;
  short_description: string | null;
  short_description_ar: string | null;
  is_open: number;
  is_active: number;
  rating: number | string;
  total_reviews: number;
  applied_at: string | null;
  approved_at: string | null;
  status_reason: string | null;
  status_changed_at: string | null;
  owner_id: number | null;
  owner_locale: string | null;
  total_sales: number | string | null;
}

export async function findShop(db: DbOrTrx, id: number): Promise<ShopDetailRow | undefined> {
  const { rows } = await sql<ShopDetailRow>`SELECT ${rowColumns}, s.slug, s.phone, s.email, s.address, s.address_ar,
      s.short_description, s.short_description_ar, s.is_open, s.is_active, s.rating, s.total_reviews,
      s.applied_at, s.approved_at, s.status_reason, s.status_changed_at, u.id AS owner_id, u.locale AS owner_locale,
      (SELECT SUM(o.payable_amount) FROM orders o WHERE o.shop_id = s.id AND o.order_status <> 'Cancelled') AS total_sales
    FROM shops s ${ownerJoin} WHERE s.id = ${id}`.execute(db);
  return rows[0];
}

/**
 * Moves a shop from one of `from` to `to` (with `is_active`), in one conditional statement: false when
 * its status was none of them (another operator was first, or the action does not apply).
 */
export async function moveShop(
  db: DbOrTrx,
  id: number,
  from: StoredShopStatus[],
  to: { status: StoredShopStatus; isActive: 0 | 1; reason: string | null; at: string; approved: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('shops')
    .set({
      status: to.status,
      is_active: to.isActive,
      status_reason: to.reason,
      status_changed_at: to.at,
      ...(to.approved ? { approved_at: to.at } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The shop's seller accounts (their tokens are revoked when it closes). */
export const shopSellerIds = async (db: DbOrTrx, shopId: number) =>
  (await db.selectFrom('shop_users').select('id').where('shop_id', '=', shopId).execute()).map((r) => r.id);

// --- Dashboard ---------------------------------------------------------------------------------------

export async function shopCounts(db: DbOrTrx): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('shops')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Orders placed since each moment, and the payable amounts (baisa) of those not cancelled since `month`. */
export async function ordersSince(db: DbOrTrx, since: { today: string; month: string }) {
  const row = await db
    .selectFrom('orders')
    .select([
      sql<number | string | null>`sum(case when created_at >= ${since.today} then 1 else 0 end)`.as('today'),
      sql<number | string>`count(*)`.as('month'),
      sql<number | string | null>`sum(case when order_status <> 'Cancelled' then payable_amount else 0 end)`.as('sales'),
    ])
    .where('created_at', '>=', since.month)
    .executeTakeFirst();
  return { today: Number(row?.today ?? 0), month: Number(row?.month ?? 0), sales: Number(row?.sales ?? 0) };
}

export async function customerCounts(db: DbOrTrx, since: string) {
  const [total, recent] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirst(),
  ]);
  return { total: Number(total?.n ?? 0), recent: Number(recent?.n ?? 0) };
}

/** Paid orders that were cancelled and whose refund is not done (none yet, partly made, or failed). */
export async function refundsDue(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_status', '=', 'Cancelled')
    .where('payment_status', '=', 'Paid')
    .where('refund_status', '!=', 'refunded')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function openTickets(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
