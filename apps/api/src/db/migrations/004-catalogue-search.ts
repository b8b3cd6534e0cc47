import type { DialectMigration } from './helpers';

/** Full-text search over the normalised product search column (issue 3). */
export const m004CatalogueSearch: DialectMigration = {
  async up() {},
};
