import { sql } from 'kysely';
import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/**
 * What the original web client reads and our data did not hold (issue 19, decision 024):
 * - `products.meta_keywords`, `meta_keywords_ar`: comma-separated keywords (the client's page meta).
 * - `shop_banners`: a shop's banners in display order, each with an id, title and picture (the client
 *   lists `shop.banners[].id/thumbnail`). Each shop's existing `banner` becomes its first one.
 * Types in ../catalogue-schema.ts. Frozen once released.
 */
export const m013Compat: DialectMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('products').addColumn('meta_keywords', 'varchar(500)').execute();
    await db.schema.alterTable('products').addColumn('meta_keywords_ar', 'varchar(500)').execute();

    await withId(db.schema.createTable('shop_banners'), dialect)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('title_ar', 'varchar(255)')
      .addColumn('thumbnail', 'varchar(500)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('shop_banners_shop_id_sort').on('shop_banners').columns(['shop_id', 'sort']).execute();
    await sql`INSERT INTO shop_banners (shop_id, title, title_ar, thumbnail, sort, is_active)
      SELECT id, name, name_ar, banner, 0, 1 FROM shops WHERE banner IS NOT NULL AND banner <> ''`.execute(db);
  },
  async down(db) {
    await db.schema.dropTable('shop_banners').execute();
    await db.schema.alterTable('products').dropColumn('meta_keywords_ar').execute();
    await db.schema.alterTable('products').dropColumn('meta_keywords').execute();
  },
};
