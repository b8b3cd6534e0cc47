import type { DialectMigration } from './helpers';
import { withId } from './helpers';

const ts = 'varchar(30)'; // ISO-8601 UTC text

/**
 * Content and shop applications (issue 18, decision 022):
 * - shops get a `status` (`approved`, or `pending` while an application waits; a pending shop is also
 *   inactive, so every storefront query that hides inactive shops hides it) and the times it applied
 *   and was approved;
 * - blog posts get the author's name in Arabic (`post_by_ar`);
 * - blog views counted once per visitor and day: `blog_views` holds today's (blog, day, visitor) keys,
 *   the visitor being an HMAC of the client under a random salt of the day kept in `blog_view_salts`;
 *   both are pruned when the day turns, so yesterday's keys cannot be traced back to an address.
 * Frozen: add a new migration to change. Types in ../content-schema.ts.
 */
export const m011Content: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('shops')
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('approved'))
      .execute();
    await db.schema.alterTable('shops').addColumn('applied_at', ts).execute();
    await db.schema.alterTable('shops').addColumn('approved_at', ts).execute();
    await db.schema.createIndex('shops_status').on('shops').column('status').execute();

    // The author's name as Arabic readers read it.
    await db.schema.alterTable('blogs').addColumn('post_by_ar', 'varchar(150)').execute();

    await withId(db.schema.createTable('blog_views'), dialect)
      .addColumn('blog_id', 'integer', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('visitor', 'varchar(64)', (c) => c.notNull())
      .addUniqueConstraint('blog_views_blog_day_visitor_unique', ['blog_id', 'day', 'visitor'])
      .execute();
    await db.schema.createIndex('blog_views_day').on('blog_views').column('day').execute();

    await db.schema
      .createTable('blog_view_salts')
      .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('salt', 'varchar(64)', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('blog_view_salts').execute();
    await db.schema.dropTable('blog_views').execute();
    await db.schema.alterTable('blogs').dropColumn('post_by_ar').execute();
    await db.schema.dropIndex('shops_status').execute();
    await db.schema.alterTable('shops').dropColumn('approved_at').execute();
    await db.schema.alterTable('shops').dropColumn('applied_at').execute();
    await db.schema.alterTable('shops').dropColumn('status').execute();
  },
};
