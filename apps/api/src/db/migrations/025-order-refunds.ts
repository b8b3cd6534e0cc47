import { sql } from 'kysely';
import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/**
 * The operator console's orders and refunds (BACKOFFICE.md "Operator console", decision 042):
 * - each order's refund state (`refund_status` none|pending|partial|refunded|failed) and the amount given
 *   back so far (baisa), on the order itself: the console's list shows both without a join;
 * - `order_refunds`, one row per refund asked for, written before the gateway is called (its
 *   `idem_key`, unique per order, is how a replayed request finds the first and refunds once);
 * - indexes for the console's list across every shop (newest first; by order status, by payment
 *   status; by customer for the search by name or phone, which orders_user_status (007) already is).
 * Types in ../admin-orders-schema.ts. Frozen once released.
 */
export const m025OrderRefunds: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('orders')
      .addColumn('refund_status', 'varchar(20)', (c) => c.notNull().defaultTo('none'))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('order_refunds'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('idem_key', 'varchar(255)', (c) => c.notNull())
      /** sha256 of what was asked (amount, reason): the same key with another request is refused. */
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('method', 'varchar(10)', (c) => c.notNull())
      .addColumn('gateway', 'varchar(30)')
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)', (c) => c.notNull())
      .addColumn('gateway_refund_id', 'varchar(255)')
      .addColumn('failure', 'varchar(500)')
      .addColumn('operator_id', 'integer', (c) => c.notNull())
      .addColumn('operator_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addCheckConstraint('order_refunds_amount_positive', sql`amount > 0`)
      .execute();
    await db.schema
      .createIndex('order_refunds_order_key')
      .on('order_refunds')
      .columns(['order_id', 'idem_key'])
      .unique()
      .execute();

    // The console's list: newest first over every shop, and the same within one order or payment status.
    await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('orders_status_created').on('orders').columns(['order_status', 'created_at', 'id']).execute();
    await db.schema.createIndex('orders_payment_created').on('orders').columns(['payment_status', 'created_at', 'id']).execute();
  },
  async down(db) {
    await db.schema.dropIndex('orders_payment_created').execute();
    await db.schema.dropIndex('orders_status_created').execute();
    await db.schema.dropIndex('orders_created').execute();
    await db.schema.dropTable('order_refunds').execute();
    await db.schema.alterTable('orders').dropColumn('refunded_amount').execute();
    await db.schema.alterTable('orders').dropColumn('refund_status').execute();
  },
};
