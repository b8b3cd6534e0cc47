import type { DialectMigration } from './helpers';

/**
 * The operator console's shops and dashboard (BACKOFFICE.md "Operator console", issue 37):
 *
 * - `shops.status` may now also be `suspended` (an approved shop closed by the marketplace) or `rejected`
 *   (an application turned down); both keep `is_active = 0`, so every storefront query that hides
 *   inactive shops hides them, and the catalogue's revision moves (migration 008's trigger on
 *   `shops.is_active`). `status_reason` is why (the seller reads it at sign-in), `status_changed_at` when.
 * - `shop_users.locale` (`ar`/`en`, null until known): the seller's language, for the e-mails the
 *   marketplace sends it; written at the application and at each sign-in.
 * - The dashboard's counts over the whole marketplace since a moment: `dashboard_orders_created` (with the status
 *   and amount, so no order row is read), `dashboard_users_created`, `dashboard_tickets_status` (named for the dashboard: other slices may index the same tables).
 *
 * Types in ../catalogue-schema.ts. Frozen once released.
 */
export const m021ShopsConsole: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('shops').addColumn('status_reason', 'text').execute();
    await db.schema.alterTable('shops').addColumn('status_changed_at', 'varchar(30)').execute();
    await db.schema.alterTable('shop_users').addColumn('locale', 'varchar(5)').execute();
    await db.schema
      .createIndex('dashboard_orders_created')
      .on('orders')
      .columns(['created_at', 'order_status', 'payable_amount'])
      .execute();
    await db.schema.createIndex('dashboard_users_created').on('users').column('created_at').execute();
    await db.schema.createIndex('dashboard_tickets_status').on('support_tickets').column('status').execute();
  },
  async down(db) {
    await db.schema.dropIndex('dashboard_tickets_status').execute();
    await db.schema.dropIndex('dashboard_users_created').execute();
    await db.schema.dropIndex('dashboard_orders_created').execute();
    await db.schema.alterTable('shop_users').dropColumn('locale').execute();
    await db.schema.alterTable('shops').dropColumn('status_changed_at').execute();
    await db.schema.alterTable('shops').dropColumn('status_reason').execute();
  },
};
