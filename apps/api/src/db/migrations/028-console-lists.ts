import type { DialectMigration } from './helpers';

/**
 * The operator console's lists on a large marketplace (issue 37; bench/console.mjs, bench/RESULTS.md):
 * - `audit_log_role_created`: the audit log of one role (sellers or operators), newest first, read from
 *   the index in order (before: every entry of the role, two in three, sorted for each page);
 * - `audit_log_role_action`: one role's entries of an action (or of its words: `product` is every
 *   `product.*` action), counted and read from the index alone (before: a scan of the table).
 * Frozen once released.
 */
export const m028ConsoleLists: DialectMigration = {
  async up(db) {
    await db.schema.createIndex('audit_log_role_created').on('audit_log').columns(['actor_role', 'created_at', 'id']).execute();
    await db.schema
      .createIndex('audit_log_role_action')
      .on('audit_log')
      .columns(['actor_role', 'action', 'created_at'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('audit_log_role_action').execute();
    await db.schema.dropIndex('audit_log_role_created').execute();
  },
};
