import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/** Site settings, currencies, languages, countries, menus and footers. Frozen: add a new migration to change. */
export const m001Settings: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('settings')
      .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('currencies'), dialect)
      .addColumn('code', 'varchar(3)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(100)')
      .addColumn('symbol', 'varchar(20)', (c) => c.notNull())
      .addColumn('symbol_ar', 'varchar(20)')
      .addColumn('position', 'varchar(10)', (c) => c.notNull().defaultTo('prefix'))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rate', 'double precision', (c) => c.notNull().defaultTo(1))
      .addColumn('rate_from_default', 'double precision', (c) => c.notNull().defaultTo(1))
      .addColumn('decimals', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('languages'), dialect)
      .addColumn('name', 'varchar(10)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('direction', 'varchar(3)', (c) => c.notNull().defaultTo('ltr'))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('countries'), dialect)
      .addColumn('iso2', 'varchar(2)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(100)', (c) => c.notNull())
      .addColumn('phone_code', 'varchar(10)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('menus'), dialect)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(100)')
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('is_external', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('target', 'varchar(10)', (c) => c.notNull().defaultTo('_self'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('footers'), dialect)
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('title_ar', 'varchar(100)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('footer_items'), dialect)
      .addColumn('footer_id', 'integer', (c) => c.notNull().references('footers.id').onDelete('cascade'))
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('title_ar', 'varchar(255)')
      .addColumn('url', 'varchar(500)')
      .addColumn('target', 'varchar(10)', (c) => c.notNull().defaultTo('_self'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('footer_items_footer_id').on('footer_items').column('footer_id').execute();

    await withId(db.schema.createTable('social_links'), dialect)
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('link', 'varchar(500)', (c) => c.notNull())
      .addColumn('logo', 'varchar(500)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('payment_gateways'), dialect)
      .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('logo', 'varchar(500)')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
