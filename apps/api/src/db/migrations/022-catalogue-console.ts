import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/**
 * The operator console's catalogue taxonomy (BACKOFFICE.md "Operator console", issue 37): brands,
 * colours, sizes and units get what categories already have: a `slug` (unique), `is_active` and `sort`
 * (sizes had `sort`; they get `name_ar`). A row written without a slug (the seeds, SQL by hand) gets
 * `<kind>-<id>` by trigger; the console makes one from the English name. Categories and sub-categories now
 * move the catalogue's revision (migration 008) like brands, colours and sizes do, so that what is kept
 * until the catalogue changes (the sitemap's category links) follows a category's write too.
 * Types in ../catalogue-schema.ts. Frozen once released.
 */
export const SLUGGED: Array<{ table: string; prefix: string; sort: boolean; nameAr: boolean }> = [
  { table: 'brands', prefix: 'brand', sort: true, nameAr: false },
  { table: 'colors', prefix: 'color', sort: true, nameAr: false },
  { table: 'sizes', prefix: 'size', sort: false, nameAr: true },
  { table: 'units', prefix: 'unit', sort: true, nameAr: false },
];

/** Tables whose every write moves the catalogue's revision from this migration on. */
const REVISION_TABLES = ['categories', 'sub_categories'];

export const m022CatalogueConsole: DialectMigration = {
  async up(db, dialect) {
    for (const t of SLUGGED) {
      await db.schema.alterTable(t.table).addColumn('slug', 'varchar(190)').execute();
      await db.schema
        .alterTable(t.table)
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      if (t.sort)
        await db.schema
          .alterTable(t.table)
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      if (t.nameAr) await db.schema.alterTable(t.table).addColumn('name_ar', 'varchar(50)').execute();
      await sql`update ${sql.table(t.table)} set slug = ${`${t.prefix}-`} || cast(id as varchar(20))`.execute(db);
      await db.schema.createIndex(`${t.table}_slug_unique`).on(t.table).column('slug').unique().execute();
      if (dialect === 'postgres') {
        await sql`create function ${sql.raw(`${t.table}_default_slug`)}() returns trigger language plpgsql as $$
          begin
            if new.slug is null then new.slug := ${sql.lit(`${t.prefix}-`)} || new.id; end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger ${sql.raw(`${t.table}_default_slug`)} before insert on ${sql.table(t.table)}
          for each row execute function ${sql.raw(`${t.table}_default_slug`)}()`.execute(db);
      } else {
        await sql`create trigger ${sql.raw(`${t.table}_default_slug`)} after insert on ${sql.table(t.table)}
          when new.slug is null begin
            update ${sql.table(t.table)} set slug = ${sql.lit(`${t.prefix}-`)} || new.id where id = new.id;
          end`.execute(db);
      }
    }
    // Sub-categories' slugs are unique among them (the console checks; older rows may share one).
    await db.schema.createIndex('sub_categories_slug').on('sub_categories').column('slug').execute();

    const bump = sql.raw('update catalog_revision set revision = revision + 1');
    for (const table of REVISION_TABLES) {
      if (dialect === 'postgres') {
        await sql`create trigger ${sql.raw(`${table}_catalog_revision`)} after insert or delete or update
          on ${sql.table(table)} for each statement execute function bump_catalog_revision()`.execute(db);
        continue;
      }
      for (const [i, event] of ['insert', 'delete', 'update'].entries())
        await sql`create trigger ${sql.raw(`${table}_catalog_revision_${i}`)} after ${sql.raw(event)}
          on ${sql.table(table)} begin ${bump}; end`.execute(db);
    }
  },
};
