import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers';
import { withId } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any */

const ts = 'varchar(30)'; // ISO-8601 UTC text

async function index(db: Kysely<any>, table: string, columns: string[], unique = false) {
  let b = db.schema
    .createIndex(`${table}_${columns.join('_')}${unique ? '_unique' : ''}`)
    .on(table)
    .columns(columns);
  if (unique) b = b.unique();
  await b.execute();
}

/**
 * Customers, shops and seller accounts, categories, brands, colours, sizes, units, products with images,
 * colours and sizes, flash sales, vouchers, reviews, banners, blogs and legal pages.
 * Frozen: add a new migration to change. Types in ../catalogue-schema.ts.
 */
export const m002Catalogue: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('email', 'varchar(190)', (c) => c.unique())
      .addColumn('phone', 'varchar(20)')
      .addColumn('phone_code', 'varchar(10)', (c) => c.notNull().defaultTo('+968'))
      .addColumn('country', 'varchar(100)')
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('profile_photo', 'varchar(500)')
      .addColumn('gender', 'varchar(10)')
      .addColumn('date_of_birth', 'varchar(10)')
      .addColumn('phone_verified_at', ts)
      .addColumn('email_verified_at', ts)
      .addColumn('last_online_at', ts)
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('users_phone_code_phone_unique', ['phone_code', 'phone'])
      .execute();
    await index(db, 'users', ['phone']);

    await withId(db.schema.createTable('shops'), dialect)
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(150)')
      .addColumn('slug', 'varchar(190)', (c) => c.notNull().unique())
      .addColumn('logo', 'varchar(500)')
      .addColumn('banner', 'varchar(500)')
      .addColumn('short_description', 'varchar(500)')
      .addColumn('short_description_ar', 'varchar(500)')
      .addColumn('description', 'text')
      .addColumn('description_ar', 'text')
      .addColumn('address', 'varchar(500)')
      .addColumn('address_ar', 'varchar(500)')
      .addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('total_reviews', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('estimated_delivery_time', 'varchar(50)')
      .addColumn('estimated_delivery_time_ar', 'varchar(50)')
      .addColumn('delivery_charge', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('min_order_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_online_at', ts)
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index(db, 'shops', ['is_active']);
    await index(db, 'shops', ['rating']);

    await withId(db.schema.createTable('shop_users'), dialect)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('email', 'varchar(190)', (c) => c.notNull().unique())
      .addColumn('phone', 'varchar(20)')
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('last_online_at', ts)
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index(db, 'shop_users', ['shop_id']);

    await withId(db.schema.createTable('categories'), dialect)
      .addColumn('slug', 'varchar(190)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(150)')
      .addColumn('thumbnail', 'varchar(500)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await index(db, 'categories', ['is_active', 'sort']);

    await withId(db.schema.createTable('sub_categories'), dialect)
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('slug', 'varchar(190)', (c) => c.notNull())
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(150)')
      .addColumn('thumbnail', 'varchar(500)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await index(db, 'sub_categories', ['category_id', 'sort']);

    await withId(db.schema.createTable('brands'), dialect)
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(150)')
      .addColumn('logo', 'varchar(500)')
      .execute();

    await withId(db.schema.createTable('colors'), dialect)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(100)')
      .addColumn('color_code', 'varchar(20)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('sizes'), dialect)
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('units'), dialect)
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(50)')
      .execute();

    await withId(db.schema.createTable('products'), dialect)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addColumn('sub_category_id', 'integer', (c) => c.references('sub_categories.id').onDelete('set null'))
      .addColumn('brand_id', 'integer', (c) => c.references('brands.id').onDelete('set null'))
      .addColumn('unit_id', 'integer', (c) => c.references('units.id').onDelete('set null'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(255)')
      .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('short_description', 'varchar(1000)')
      .addColumn('short_description_ar', 'varchar(1000)')
      .addColumn('description', 'text')
      .addColumn('description_ar', 'text')
      .addColumn('thumbnail', 'varchar(500)')
      .addColumn('video_url', 'varchar(500)')
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('discount_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_sold', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('total_reviews', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('meta_title', 'varchar(255)')
      .addColumn('meta_description', 'varchar(500)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    for (const cols of [
      ['shop_id'],
      ['category_id'],
      ['sub_category_id'],
      ['brand_id'],
      ['unit_id'],
      ['is_active', 'created_at'],
      ['price'],
      ['total_sold'],
      ['rating'],
      ['views'],
    ]) {
      await index(db, 'products', cols);
    }

    await withId(db.schema.createTable('product_images'), dialect)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('path', 'varchar(500)', (c) => c.notNull())
      .addColumn('type', 'varchar(10)', (c) => c.notNull().defaultTo('image'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await index(db, 'product_images', ['product_id', 'sort']);

    await withId(db.schema.createTable('product_colors'), dialect)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('color_id', 'integer', (c) => c.notNull().references('colors.id').onDelete('cascade'))
      .addColumn('extra_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('product_colors_product_color_unique', ['product_id', 'color_id'])
      .execute();
    await index(db, 'product_colors', ['color_id']);

    await withId(db.schema.createTable('product_sizes'), dialect)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('size_id', 'integer', (c) => c.notNull().references('sizes.id').onDelete('cascade'))
      .addColumn('extra_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('product_sizes_product_size_unique', ['product_id', 'size_id'])
      .execute();
    await index(db, 'product_sizes', ['size_id']);

    await withId(db.schema.createTable('flash_sales'), dialect)
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(150)')
      .addColumn('thumbnail', 'varchar(500)')
      .addColumn('start_at', ts, (c) => c.notNull())
      .addColumn('end_at', ts, (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await index(db, 'flash_sales', ['is_active', 'start_at', 'end_at']);

    await withId(db.schema.createTable('flash_sale_products'), dialect)
      .addColumn('flash_sale_id', 'integer', (c) => c.notNull().references('flash_sales.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('price', 'integer', (c) => c.notNull())
      .addUniqueConstraint('flash_sale_products_sale_product_unique', ['flash_sale_id', 'product_id'])
      .execute();
    await index(db, 'flash_sale_products', ['product_id']);

    await withId(db.schema.createTable('coupons'), dialect)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('discount_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull())
      .addColumn('min_order_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_discount_amount', 'integer')
      .addColumn('starts_at', ts)
      .addColumn('expires_at', ts)
      .addColumn('usage_limit', 'integer')
      .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index(db, 'coupons', ['shop_id', 'is_active']);
    await index(db, 'coupons', ['expires_at']);

    await withId(db.schema.createTable('reviews'), dialect)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('customer_name', 'varchar(150)', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index(db, 'reviews', ['product_id', 'created_at']);
    await index(db, 'reviews', ['shop_id', 'created_at']);
    await index(db, 'reviews', ['user_id']);

    await withId(db.schema.createTable('banners'), dialect)
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('title_ar', 'varchar(255)')
      .addColumn('thumbnail', 'varchar(500)', (c) => c.notNull())
      .addColumn('url', 'varchar(500)')
      .addColumn('placement', 'varchar(10)', (c) => c.notNull().defaultTo('home'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await index(db, 'banners', ['placement', 'sort']);

    await withId(db.schema.createTable('blog_categories'), dialect)
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('name_ar', 'varchar(150)')
      .addColumn('slug', 'varchar(190)', (c) => c.notNull().unique())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('blogs'), dialect)
      .addColumn('blog_category_id', 'integer', (c) => c.notNull().references('blog_categories.id').onDelete('cascade'))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('title_ar', 'varchar(255)')
      .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('thumbnail', 'varchar(500)')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('description_ar', 'text')
      .addColumn('post_by', 'varchar(150)', (c) => c.notNull())
      .addColumn('total_views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index(db, 'blogs', ['blog_category_id']);
    await index(db, 'blogs', ['is_active', 'created_at']);
    await index(db, 'blogs', ['total_views']);

    await withId(db.schema.createTable('legal_pages'), dialect)
      .addColumn('slug', 'varchar(190)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('title_ar', 'varchar(255)')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('description_ar', 'text')
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  },
};
