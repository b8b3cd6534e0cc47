import { sql, type Kysely } from 'kysely';
import { searchIndexText } from '../../shared/search-text';
import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Catalogue search and listing (issue 3), frozen:
 * - `products.search_name`: normalizeSearchText() of the English and Arabic names, weighted above
 *   `search_text` (names, short descriptions, brand and category names) when ranking.
 * - `products.list_price`: the shop's own price in baisa (discount_price when above 0, else price), so
 *   that price sorts and filters use an index; a running flash sale is applied on top at query time.
 * - SQLite: an external-content FTS5 index over both columns, kept in step by triggers.
 *   PostgreSQL: a GIN index over the weighted tsvector of both columns ('simple' configuration:
 *   the text is normalised by the application, so no stemming or stop words apply).
 * - `favorites` (wishlist) and `recently_viewed`, both per customer.
 * Writers of products must set search_name, search_text and list_price (see shared/search-text.ts).
 */
export const m004CatalogueSearch: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('products')
      .addColumn('search_name', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('list_price', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await backfill(db);

    for (const cols of [
      ['is_active', 'list_price'],
      ['is_active', 'total_sold'],
      ['is_active', 'rating', 'total_reviews'],
      ['is_active', 'views'],
      ['is_active', 'id'],
      // Covering indexes for counts in a context (all, a category, a sub-category).
      ['is_active', 'shop_id'],
      ['category_id', 'is_active', 'shop_id'],
      ['sub_category_id', 'is_active', 'shop_id'],
      ['brand_id', 'is_active', 'shop_id'],
    ]) {
      await db.schema
        .createIndex(`products_${cols.join('_')}`)
        .on('products')
        .columns(cols)
        .execute();
    }

    if (dialect === 'sqlite') {
      await sql`CREATE VIRTUAL TABLE products_fts USING fts5(
        search_name, search_text, content='products', content_rowid='id',
        tokenize='unicode61 remove_diacritics 0', prefix='2 3 4')`.execute(db);
      await sql`CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
        INSERT INTO products_fts(rowid, search_name, search_text) VALUES (new.id, new.search_name, new.search_text);
      END`.execute(db);
      await sql`CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, search_name, search_text)
          VALUES ('delete', old.id, old.search_name, old.search_text);
      END`.execute(db);
      await sql`CREATE TRIGGER products_fts_au AFTER UPDATE OF search_name, search_text ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, search_name, search_text)
          VALUES ('delete', old.id, old.search_name, old.search_text);
        INSERT INTO products_fts(rowid, search_name, search_text) VALUES (new.id, new.search_name, new.search_text);
      END`.execute(db);
      await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
    } else {
      await sql`CREATE INDEX products_search_tsv ON products USING GIN ((
        setweight(to_tsvector('simple', search_name), 'A') || setweight(to_tsvector('simple', search_text), 'B')))`.execute(db);
    }

    await withId(db.schema.createTable('favorites'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('favorites_user_product_unique', ['user_id', 'product_id'])
      .execute();
    await db.schema.createIndex('favorites_product_id').on('favorites').column('product_id').execute();

    await withId(db.schema.createTable('recently_viewed'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('viewed_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('recently_viewed_user_product_unique', ['user_id', 'product_id'])
      .execute();
    await db.schema.createIndex('recently_viewed_user_viewed').on('recently_viewed').columns(['user_id', 'viewed_at']).execute();
  },
};

/** Fills the new columns of existing products (an empty database has none). */
async function backfill(db: Kysely<any>) {
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; name: string; name_ar: string | null; price: number; discount_price: number }> = await db
      .selectFrom('products')
      .select(['id', 'name', 'name_ar', 'price', 'discount_price'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) return;
    for (const r of rows) {
      await db
        .updateTable('products')
        .set({
          search_name: searchIndexText(`${r.name} ${r.name_ar ?? ''}`),
          list_price: r.discount_price > 0 && r.discount_price < r.price ? r.discount_price : r.price,
        })
        .where('id', '=', r.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}
