import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/**
 * The seller centre (BACKOFFICE.md) and the back office's audit log:
 *
 * - `products.archived_at`: a product that was ever ordered is archived instead of deleted (switched off
 *   too, so the catalogue's revision moves by migration 008's trigger); it leaves the shop and the
 *   seller's list and stays in every order that holds it.
 * - `reviews.reply`, `reviews.replied_at`: the shop's one (editable) answer to a review.
 * - `audit_log`: every write by a seller or an operator: who (role, id, name), what (action, target type
 *   and id, the changed fields as JSON `{field: [old, new]}`, secrets never), when, from which IP.
 *
 * Types in ../catalogue-schema.ts and ../accounts-schema.ts. Frozen once released.
 */
export const m016SellerCentre: DialectMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('products').addColumn('archived_at', 'varchar(30)').execute();
    await db.schema.alterTable('reviews').addColumn('reply', 'text').execute();
    await db.schema.alterTable('reviews').addColumn('replied_at', 'varchar(30)').execute();
    // The seller's list: a shop's products that are not archived, newest change first.
    await db.schema.createIndex('products_shop_list').on('products').columns(['shop_id', 'archived_at', 'updated_at']).execute();
    // Its counts by status, category and name words, read from the index alone (no row of a large shop is
    // read to count it; bench/seller.mjs).
    await db.schema
      .createIndex('products_shop_find')
      .on('products')
      .columns(['shop_id', 'archived_at', 'is_active', 'category_id', 'search_name'])
      .execute();
    await db.schema.createIndex('reviews_shop').on('reviews').columns(['shop_id', 'created_at']).execute();

    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('actor_role', 'varchar(16)', (c) => c.notNull())
      .addColumn('actor_id', 'integer', (c) => c.notNull())
      .addColumn('actor_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('shop_id', 'integer')
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('target_id', 'integer')
      .addColumn('changes', 'text', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at']).execute();
    await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_role', 'actor_id']).execute();
  },
};
