import type { DialectMigration } from './helpers';

/**
 * The seller centre's products (issue 36, decision 037): deleting a product reads the tables that point
 * at it. Whether it was ever ordered (then it is archived, not deleted) is a look-up of its order lines;
 * and a delete sets its order lines' and recent views' product to null or removes them, which without an
 * index on the column is a scan of the whole table on both dialects (SQLite's foreign-key actions, and
 * PostgreSQL's). Frozen once released.
 */
export const m017SellerProducts: DialectMigration = {
  async up(db) {
    await db.schema.createIndex('order_items_product_id').on('order_items').column('product_id').execute();
    await db.schema.createIndex('recently_viewed_product_id').on('recently_viewed').column('product_id').execute();
  },
  async down(db) {
    await db.schema.dropIndex('order_items_product_id').execute();
    await db.schema.dropIndex('recently_viewed_product_id').execute();
  },
};
