import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/** Bearer tokens of customers and sellers, stored hashed. Frozen. */
export const m003AccessTokens: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('access_tokens'), dialect)
      .addColumn('owner_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo('web'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('last_used_at', 'varchar(30)')
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('access_tokens_owner').on('access_tokens').columns(['owner_type', 'owner_id']).execute();
  },
};
