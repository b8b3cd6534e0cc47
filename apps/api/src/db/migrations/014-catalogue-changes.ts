import { sql } from 'kysely';
import { WATCHED } from './008-catalogue-revision';
import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/**
 * Which products changed (decision 027): a row per write to a product's listed columns (those of
 * migration 008's revision, and `created_at`), its colours or its sizes, so that a process's search index
 * reads only the changed products again instead of the whole catalogue. Writes to shops, brands, colours,
 * sizes and flash sales move the revision without a row here (the index reads those small tables whole).
 * `at`: when (PostgreSQL: its transaction's start), for pruning (a process that read no change for longer
 * reads everything) and to read again the rows of a transaction that committed after later ids were read.
 * Types in ../catalogue-schema.ts. Frozen once released.
 */
/** The products' columns whose writes move the revision (migration 008), and the creation time. */
const PRODUCT_COLUMNS = [...WATCHED.find((w) => w.table === 'products')!.updateOf!, 'created_at'];

export const m014CatalogueChanges: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('catalog_changes'), dialect)
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      .execute();
    const update = `update of ${PRODUCT_COLUMNS.join(', ')}`;
    if (dialect === 'postgres') {
      const now = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      for (const [fn, column] of [
        ['log_product_change', 'id'],
        ['log_product_variant_change', 'product_id'],
      ] as const) {
        await sql`create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
          begin
            insert into catalog_changes (product_id, at)
              values (case when tg_op = 'DELETE' then old.${sql.raw(column)} else new.${sql.raw(column)} end, ${sql.raw(now)});
            return null;
          end $$`.execute(db);
      }
      await sql`create trigger products_catalog_change after insert or delete or ${sql.raw(update)} on products
        for each row execute function log_product_change()`.execute(db);
      for (const table of ['product_colors', 'product_sizes']) {
        await sql`create trigger ${sql.raw(`${table}_catalog_change`)} after insert or delete or update on ${sql.table(table)}
          for each row execute function log_product_variant_change()`.execute(db);
      }
      return;
    }
    const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
    const log = (id: string) => sql.raw(`insert into catalog_changes (product_id, at) values (${id}, ${now});`);
    const triggers: Array<[string, string, string, string]> = [
      ['products_catalog_change_0', 'insert', 'products', 'new.id'],
      ['products_catalog_change_1', 'delete', 'products', 'old.id'],
      ['products_catalog_change_2', update, 'products', 'new.id'],
    ];
    for (const table of ['product_colors', 'product_sizes']) {
      triggers.push([`${table}_catalog_change_0`, 'insert', table, 'new.product_id']);
      triggers.push([`${table}_catalog_change_1`, 'delete', table, 'old.product_id']);
      triggers.push([`${table}_catalog_change_2`, 'update', table, 'new.product_id']);
    }
    for (const [name, event, table, id] of triggers) {
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table(table)} begin ${log(id)} end`.execute(db);
    }
  },
  async down(db, dialect) {
    if (dialect === 'postgres') {
      await sql`drop trigger products_catalog_change on products`.execute(db);
      for (const table of ['product_colors', 'product_sizes'])
        await sql`drop trigger ${sql.raw(`${table}_catalog_change`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function log_product_change()`.execute(db);
      await sql`drop function log_product_variant_change()`.execute(db);
    } else {
      for (const table of ['products', 'product_colors', 'product_sizes'])
        for (const i of [0, 1, 2]) await sql`drop trigger ${sql.raw(`${table}_catalog_change_${i}`)}`.execute(db);
    }
    await db.schema.dropTable('catalog_changes').execute();
  },
};
