import { sql } from 'kysely';
import type { DialectMigration } from './helpers';
import { withId } from './helpers';

const ts = 'varchar(30)'; // ISO-8601 UTC text

/**
 * The kinds of problem a ticket is about. Reference data rather than demo data (decision 021): a
 * ticket cannot be opened without one, so they come with the schema, also when SEED_DEMO is off.
 */
export const TICKET_ISSUE_TYPES: ReadonlyArray<{ name: string; name_ar: string }> = [
  { name: 'Problem with an order', name_ar: 'مشكلة في طلب' },
  { name: 'Delivery and shipping', name_ar: 'التوصيل والشحن' },
  { name: 'Payment or refund', name_ar: 'الدفع أو استرداد المبلغ' },
  { name: 'Return or exchange', name_ar: 'إرجاع أو استبدال' },
  { name: 'Damaged or wrong item', name_ar: 'منتج تالف أو غير مطابق' },
  { name: 'My account and sign-in', name_ar: 'حسابي وتسجيل الدخول' },
  { name: 'Something else', name_ar: 'موضوع آخر' },
];

/** The contact details `GET /api/contact-us` answers (with the `mobile` hotline of the settings). */
export const CONTACT_SETTINGS: Record<string, unknown> = {
  contact_email: 'care@souq.om',
  whatsapp: '+968 9123 4500',
};

/**
 * Support (issue 18, decision 021): support tickets with their conversation and attachments (the
 * files live outside the public uploads, under DATA_DIR/private), the ticket issue types, and the
 * messages of the contact form. Types in ../support-schema.ts. Frozen once released.
 */
export const m010Support: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('ticket_issue_types'), dialect)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(100)')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db
      .insertInto('ticket_issue_types')
      .values(TICKET_ISSUE_TYPES.map((t, i) => ({ name: t.name, name_ar: t.name_ar, is_active: 1, sort: i })))
      .execute();

    await withId(db.schema.createTable('support_tickets'), dialect)
      .addColumn('ticket_no', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('issue_type_id', 'integer', (c) => c.references('ticket_issue_types.id').onDelete('set null'))
      // The customer's order the ticket is about (optional), and that order's shop: its seller answers.
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('order_code', 'varchar(20)')
      .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('set null'))
      .addColumn('subject', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('closed_by', 'varchar(10)')
      .addColumn('closed_at', ts)
      .addColumn('last_message_at', ts, (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint('support_tickets_status', sql`status in ('running', 'completed', 'cancel')`)
      .execute();
    await db.schema
      .createIndex('support_tickets_user_status')
      .on('support_tickets')
      .columns(['user_id', 'status', 'id'])
      .execute();
    await db.schema
      .createIndex('support_tickets_shop_status')
      .on('support_tickets')
      .columns(['shop_id', 'status', 'id'])
      .execute();

    await withId(db.schema.createTable('support_ticket_messages'), dialect)
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
      // customer: the ticket's customer; seller: a user of the order's shop; support: the marketplace's team.
      .addColumn('sender', 'varchar(10)', (c) => c.notNull())
      .addColumn('shop_user_id', 'integer', (c) => c.references('shop_users.id').onDelete('set null'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addCheckConstraint('support_ticket_messages_sender', sql`sender in ('customer', 'seller', 'support')`)
      .execute();
    await db.schema
      .createIndex('support_ticket_messages_ticket')
      .on('support_ticket_messages')
      .columns(['ticket_id', 'id'])
      .execute();

    await withId(db.schema.createTable('support_ticket_attachments'), dialect)
      .addColumn('message_id', 'integer', (c) => c.notNull().references('support_ticket_messages.id').onDelete('cascade'))
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('mime', 'varchar(50)', (c) => c.notNull())
      // The name the sender gave it (cleaned, with the extension of its real type), for the download.
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      // The stored file's name under DATA_DIR/private/support (random).
      .addColumn('file', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addCheckConstraint('support_ticket_attachments_kind', sql`kind in ('image', 'pdf')`)
      .execute();
    await db.schema
      .createIndex('support_ticket_attachments_message')
      .on('support_ticket_attachments')
      .column('message_id')
      .execute();
    await db.schema
      .createIndex('support_ticket_attachments_ticket')
      .on('support_ticket_attachments')
      .column('ticket_id')
      .execute();

    await withId(db.schema.createTable('contact_messages'), dialect)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(190)')
      .addColumn('phone', 'varchar(20)')
      .addColumn('subject', 'varchar(150)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('ip', 'varchar(45)')
      .addColumn('mailed_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();

    // A database seeded before this migration gets the contact details too; an empty one gets them
    // from the seed (a settings row marks a seeded database, so none is written here).
    const seeded = await db.selectFrom('settings').select('key').limit(1).executeTakeFirst();
    if (seeded) {
      for (const [key, value] of Object.entries(CONTACT_SETTINGS)) {
        const has = await db.selectFrom('settings').select('key').where('key', '=', key).executeTakeFirst();
        if (!has)
          await db
            .insertInto('settings')
            .values({ key, value: JSON.stringify(value) })
            .execute();
      }
    }
  },
};
