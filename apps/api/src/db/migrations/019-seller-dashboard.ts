import type { DialectMigration } from './helpers';

/**
 * The seller's dashboard (BACKOFFICE.md "Seller centre"): its sales of today, 7 and 30 days read the
 * shop's orders placed since a moment. `orders_shop_created` answers that from one range of the index
 * (its status and amount are in it, so no table row is read), however many orders the shop has had
 * before; orders_shop_status (007) would walk every order of the shop.
 * Frozen once released.
 */
export const m019SellerDashboard: DialectMigration = {
  async up(db) {
    await db.schema
      .createIndex('orders_shop_created')
      .on('orders')
      .columns(['shop_id', 'created_at', 'order_status', 'payable_amount'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('orders_shop_created').execute();
  },
};
