import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/**
 * Notifications through an outbox (issue 38, decision 046):
 * - `outbox`: one row per e-mail or SMS, written in the transaction of the event it tells about and sent
 *   by a worker in every server process (claimed under a lease, retried with back-off);
 * - `outbox_due`: the claim's index (rows still to send, by when they are due, and leases that ran out);
 * - `outbox_recipient`: a customer's notifications, newest first (GET /api/notifications);
 * - `users.locale`: the customer's language as last seen when they placed or cancelled an order, so that
 *   what a seller or an operator does later is told in the customer's language.
 * Types in ../notifications-schema.ts. Frozen once released.
 */
export const m029Outbox: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('outbox'), dialect)
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('channel', 'varchar(10)', (c) => c.notNull())
      .addColumn('recipient_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('recipient_id', 'integer', (c) => c.notNull())
      .addColumn('address', 'varchar(255)', (c) => c.notNull())
      .addColumn('locale', 'varchar(5)', (c) => c.notNull())
      .addColumn('subject', 'varchar(500)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('ref', 'varchar(100)')
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('locked_until', 'varchar(30)')
      .addColumn('locked_by', 'varchar(100)')
      .addColumn('last_error', 'varchar(500)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at', 'id']).execute();
    await db.schema.createIndex('outbox_lease').on('outbox').columns(['status', 'locked_until']).execute();
    await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient_type', 'recipient_id', 'id']).execute();
    await db.schema.alterTable('users').addColumn('locale', 'varchar(5)').execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('locale').execute();
    await db.schema.dropTable('outbox').execute();
  },
};
