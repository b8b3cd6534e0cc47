import type { DialectMigration } from './helpers';

/**
 * The operator console's support desk (BACKOFFICE.md "Operator console"): every ticket, newest activity
 * first, all of them or of one status. The existing indexes lead with a customer or a shop; these let the
 * desk read a page of its list without sorting the whole table. Frozen once released.
 */
export const m024SupportDesk: DialectMigration = {
  async up(db) {
    await db.schema
      .createIndex('support_tickets_last_message')
      .on('support_tickets')
      .columns(['last_message_at', 'id'])
      .execute();
    await db.schema
      .createIndex('support_tickets_status_last_message')
      .on('support_tickets')
      .columns(['status', 'last_message_at', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('support_tickets_status_last_message').execute();
    await db.schema.dropIndex('support_tickets_last_message').execute();
  },
};
