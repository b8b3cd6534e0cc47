import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/**
 * The seller's shop profile (BACKOFFICE.md "Seller centre", issue 36):
 *
 * - `shops.is_open` (1 by default): the seller's own switch, apart from `is_active` (the marketplace's
 *   approval or suspension). A closed shop stays on the storefront, marked closed, and its products
 *   cannot be ordered (cart, buy now, checkout) until it opens again.
 * - `shops.phone`, `shops.email`: the shop's contact details, filled from the shop's first seller account
 *   (its owner, who applied with them).
 *
 * Types in ../catalogue-schema.ts. Frozen once released.
 */
export const m018ShopOpen: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('shops')
      .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('shops').addColumn('phone', 'varchar(32)').execute();
    await db.schema.alterTable('shops').addColumn('email', 'varchar(190)').execute();
    await sql`update shops set
        phone = (select u.phone from shop_users u where u.shop_id = shops.id order by u.id limit 1),
        email = (select u.email from shop_users u where u.shop_id = shops.id order by u.id limit 1)`.execute(db);
  },
};
