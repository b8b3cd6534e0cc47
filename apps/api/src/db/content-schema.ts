import type { Generated } from 'kysely';

/** Tables of migration 011 (decision 022). The shops' application columns are in ShopsTable. */

/** One counted view: a post, the day (Muscat, YYYY-MM-DD) and the visitor's keyed hash of that day. */
export interface BlogViewsTable {
  id: Generated<number>;
  blog_id: number;
  day: string;
  visitor: string;
}

/** The random salt of a day's visitor hashes; deleted once the day is over. */
export interface BlogViewSaltsTable {
  day: string;
  salt: string;
}

export interface ContentTables {
  blog_views: BlogViewsTable;
  blog_view_salts: BlogViewSaltsTable;
}
