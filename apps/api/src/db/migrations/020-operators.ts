import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/**
 * The operator console's accounts (BACKOFFICE.md "Roles"): the marketplace's staff, the third role beside
 * customers and sellers. Created from the command line (`npm run admin:create`); their Bearer tokens live
 * in access_tokens with owner_type 'operator' (the column already holds up to 10 characters). An inactive
 * operator's tokens are refused. Types in ../audit-schema.ts. Frozen once released.
 */
export const m020Operators: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('operators'), dialect)
      .addColumn('name', 'varchar(190)', (c) => c.notNull())
      .addColumn('email', 'varchar(190)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_login_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    // The console's audit log is read newest first, filtered by role and by action.
    await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_at']).execute();
  },
  async down(db) {
    await db.schema.dropIndex('audit_log_action').execute();
    await db.schema.dropTable('operators').execute();
  },
};
