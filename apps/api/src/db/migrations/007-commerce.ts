import { sql } from 'kysely';
import type { DialectMigration } from './helpers';
import { withId } from './helpers';

const ts = 'varchar(30)'; // ISO-8601 UTC text

/**
 * Commerce (issue 16, decision 018): carts (buy-now lines kept apart), collected vouchers and voucher
 * uses, VAT taxes, orders per shop with items, amounts, an address snapshot, payment fields and status
 * history, idempotency keys of order placement, and the shops' free-delivery threshold.
 * Money is integer baisa everywhere. Types in ../commerce-schema.ts. Frozen once released.
 */
export const m007Commerce: DialectMigration = {
  async up(db, dialect) {
    // Baisa; 0 = delivery is never free. The delivery charge itself is shops.delivery_charge (002).
    await db.schema
      .alterTable('shops')
      .addColumn('free_delivery_above', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // A customer may use a voucher this many times (1 for every seeded voucher).
    await db.schema
      .alterTable('coupons')
      .addColumn('per_customer_limit', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await withId(db.schema.createTable('cart_items'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      // 0 = none chosen (not null, so that the unique key below works the same in both dialects).
      .addColumn('color_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('size_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('is_buy_now', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('cart_items_line_unique', ['user_id', 'is_buy_now', 'product_id', 'color_id', 'size_id'])
      .addCheckConstraint('cart_items_quantity_positive', sql`quantity > 0`)
      .execute();
    await db.schema.createIndex('cart_items_product_id').on('cart_items').column('product_id').execute();

    await withId(db.schema.createTable('collected_coupons'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('collected_coupons_user_coupon_unique', ['user_id', 'coupon_id'])
      .execute();
    await db.schema.createIndex('collected_coupons_coupon_id').on('collected_coupons').column('coupon_id').execute();

    await withId(db.schema.createTable('vat_taxes'), dialect)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(100)')
      // Hundredths of a percent: 500 = 5%.
      .addColumn('rate_bp', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('orders'), dialect)
      .addColumn('order_code', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
      // Orders placed by one request share it (one payment for all).
      .addColumn('checkout_ref', 'varchar(40)', (c) => c.notNull())
      .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
      .addColumn('coupon_code', 'varchar(50)')
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('total_amount', 'integer', (c) => c.notNull())
      .addColumn('delivery_charge', 'integer', (c) => c.notNull())
      .addColumn('coupon_discount', 'integer', (c) => c.notNull())
      .addColumn('tax_amount', 'integer', (c) => c.notNull())
      .addColumn('payable_amount', 'integer', (c) => c.notNull())
      .addColumn('payment_method', 'varchar(30)', (c) => c.notNull())
      .addColumn('payment_status', 'varchar(20)', (c) => c.notNull())
      .addColumn('order_status', 'varchar(20)', (c) => c.notNull())
      .addColumn('note', 'varchar(1000)')
      // JSON snapshot of the delivery address as it was when the order was placed.
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('paid_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint(
        'orders_payable_is_sum',
        sql`payable_amount = total_amount + delivery_charge + tax_amount - coupon_discount`,
      )
      .execute();
    await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'order_status', 'id']).execute();
    await db.schema.createIndex('orders_shop_status').on('orders').columns(['shop_id', 'order_status', 'id']).execute();
    await db.schema.createIndex('orders_checkout_ref').on('orders').column('checkout_ref').execute();

    await withId(db.schema.createTable('order_items'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(255)')
      .addColumn('thumbnail', 'varchar(500)')
      .addColumn('brand', 'varchar(150)')
      .addColumn('brand_ar', 'varchar(150)')
      .addColumn('unit_id', 'integer')
      .addColumn('unit_name', 'varchar(50)')
      .addColumn('unit_name_ar', 'varchar(50)')
      .addColumn('color_id', 'integer')
      .addColumn('color_name', 'varchar(100)')
      .addColumn('color_name_ar', 'varchar(100)')
      .addColumn('color_code', 'varchar(20)')
      .addColumn('color_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('size_id', 'integer')
      .addColumn('size_name', 'varchar(50)')
      .addColumn('size_price', 'integer', (c) => c.notNull().defaultTo(0))
      // Baisa, each: the regular price and the price paid, both with the colour's and size's extra.
      .addColumn('regular_price', 'integer', (c) => c.notNull())
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('line_total', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_items_order_id').on('order_items').column('order_id').execute();

    await withId(db.schema.createTable('order_taxes'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('vat_tax_id', 'integer', (c) => c.references('vat_taxes.id').onDelete('set null'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(100)')
      .addColumn('rate_bp', 'integer', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_taxes_order_id').on('order_taxes').column('order_id').execute();

    await withId(db.schema.createTable('order_status_history'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('changed_by', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_status_history_order_id').on('order_status_history').column('order_id').execute();

    // One row per use of a voucher by a customer (its order); cancelling the order removes it.
    await withId(db.schema.createTable('coupon_usages'), dialect)
      .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coupon_usages_coupon_user').on('coupon_usages').columns(['coupon_id', 'user_id']).execute();
    await db.schema.createIndex('coupon_usages_order_id').on('coupon_usages').column('order_id').execute();

    // One online payment for the orders of one placement (their checkout_ref).
    await withId(db.schema.createTable('payments'), dialect)
      .addColumn('checkout_ref', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('gateway', 'varchar(30)', (c) => c.notNull())
      .addColumn('session_id', 'varchar(255)', (c) => c.unique())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('idempotency_keys'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('idem_key', 'varchar(255)', (c) => c.notNull())
      // SHA-256 of the request (method, path and canonical body), hex.
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('response_code', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('idempotency_keys_user_key_unique', ['user_id', 'idem_key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
  },
};
