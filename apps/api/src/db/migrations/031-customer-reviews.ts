import type { DialectMigration } from './helpers';

/**
 * Customers review what they received (issue 39):
 *
 * - `reviews.order_id`: the delivered order the review was written from (null for the seeded, imported
 *   reviews); one review per product per order (unique; several nulls are allowed in both dialects).
 * - `reviews.updated_at`: when its writer last changed it (null: never).
 * - `reviews.is_hidden`: 1 once an operator hid it for breaking the rules; hidden reviews leave the
 *   product page and the ratings.
 * - `reviews.photos`: the customer's photos (at most three), a JSON array of /uploads/reviews/ paths.
 *
 * Types in ../catalogue-schema.ts. Frozen once released.
 */
export const m031CustomerReviews: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('reviews')
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('reviews').addColumn('updated_at', 'varchar(30)').execute();
    await db.schema
      .alterTable('reviews')
      .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('reviews')
      .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.createIndex('reviews_order_product').unique().on('reviews').columns(['order_id', 'product_id']).execute();
  },
};
