import type { DialectMigration } from './helpers';

/**
 * The operator console's blog categories (BACKOFFICE.md "Operator console", issue 37): a category can be
 * switched off (`is_active` 0) instead of deleted while posts are in it; an inactive category and its
 * posts leave the storefront's blog. Every existing category stays on. Frozen once released.
 */
export const m026BlogCategorySwitch: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('blog_categories')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('blog_categories').dropColumn('is_active').execute();
  },
};
