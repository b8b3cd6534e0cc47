import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/**
 * The catalogue's revision (issue 14, decision 015): one row whose number goes up, by trigger, with every
 * write that can change which products a category, shop or search lists, or the facets of such a list
 * (brands, colours, sizes, prices). The API keeps facets and counts per context until the number moves,
 * in every process, whoever writes (the seller screens, the seed, an operator with SQL).
 * Stock, sales, ratings, views and a shop's last activity do not move it.
 */
export const WATCHED: Array<{ table: string; updateOf?: string[] }> = [
  {
    table: 'products',
    updateOf: [
      'is_active',
      'shop_id',
      'category_id',
      'sub_category_id',
      'brand_id',
      'price',
      'list_price',
      'search_name',
      'search_text',
    ],
  },
  { table: 'shops', updateOf: ['is_active'] },
  { table: 'product_colors' },
  { table: 'product_sizes' },
  { table: 'brands' },
  { table: 'colors' },
  { table: 'sizes' },
  { table: 'flash_sales' },
  { table: 'flash_sale_products' },
];

export const m008CatalogueRevision: DialectMigration = {
  async up(db, dialect) {
    await sql`create table catalog_revision (id integer primary key, revision integer not null)`.execute(db);
    await sql`insert into catalog_revision (id, revision) values (1, 1)`.execute(db);
    const bump = sql.raw('update catalog_revision set revision = revision + 1');
    if (dialect === 'postgres') {
      await sql`create function bump_catalog_revision() returns trigger language plpgsql as $$
        begin ${bump}; return null; end $$`.execute(db);
      for (const w of WATCHED) {
        const update = w.updateOf ? `update of ${w.updateOf.join(', ')}` : 'update';
        // Once per statement: a bulk import moves the number once.
        await sql`create trigger ${sql.raw(`${w.table}_catalog_revision`)} after insert or delete or ${sql.raw(update)}
          on ${sql.table(w.table)} for each statement execute function bump_catalog_revision()`.execute(db);
        await sql`create trigger ${sql.raw(`${w.table}_catalog_revision_truncate`)} after truncate
          on ${sql.table(w.table)} for each statement execute function bump_catalog_revision()`.execute(db);
      }
      return;
    }
    for (const w of WATCHED) {
      const events = ['insert', 'delete', w.updateOf ? `update of ${w.updateOf.join(', ')}` : 'update'];
      for (const [i, event] of events.entries()) {
        await sql`create trigger ${sql.raw(`${w.table}_catalog_revision_${i}`)} after ${sql.raw(event)}
          on ${sql.table(w.table)} begin ${bump}; end`.execute(db);
      }
    }
  },
  async down(db, dialect) {
    for (const w of WATCHED) {
      if (dialect === 'postgres') {
        await sql`drop trigger ${sql.raw(`${w.table}_catalog_revision`)} on ${sql.table(w.table)}`.execute(db);
        await sql`drop trigger ${sql.raw(`${w.table}_catalog_revision_truncate`)} on ${sql.table(w.table)}`.execute(db);
      } else {
        for (const i of [0, 1, 2]) await sql`drop trigger ${sql.raw(`${w.table}_catalog_revision_${i}`)}`.execute(db);
      }
    }
    if (dialect === 'postgres') await sql`drop function bump_catalog_revision()`.execute(db);
    await sql`drop table catalog_revision`.execute(db);
  },
};
