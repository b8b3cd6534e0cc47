import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/**
 * The rest of a product page moves the catalogue's revision (migration 008) too, so that the page's
 * unchanging part can be kept until the catalogue changes (decision 047): a product's slug, summaries,
 * descriptions, video and meta texts, and its pictures (`product_images`: every write). Its category's
 * and sub-category's names already move it (migration 022), its card's columns too (015). What still
 * moves nothing is read with every answer: stock, rating, reviews, sales, the shop's rating, activity
 * and whether it is open (`is_open`). Frozen once released.
 */
export const DETAILS_WATCHED: Array<{ table: string; updateOf?: string[] }> = [
  {
    table: 'products',
    updateOf: [
      'slug',
      'short_description',
      'short_description_ar',
      'description',
      'description_ar',
      'video_url',
      'meta_title',
      'meta_description',
      'meta_keywords',
      'meta_keywords_ar',
    ],
  },
  { table: 'product_images' },
];

const bump = sql.raw('update catalog_revision set revision = revision + 1');

export const m033DetailsRevision: DialectMigration = {
  async up(db, dialect) {
    for (const w of DETAILS_WATCHED) {
      const events = w.updateOf ? [`update of ${w.updateOf.join(', ')}`] : ['insert', 'delete', 'update'];
      if (dialect === 'postgres') {
        // Once per statement, with migration 008's function.
        await sql`create trigger ${sql.raw(`${w.table}_details_revision`)} after ${sql.raw(events.join(' or '))}
          on ${sql.table(w.table)} for each statement execute function bump_catalog_revision()`.execute(db);
        if (!w.updateOf)
          await sql`create trigger ${sql.raw(`${w.table}_details_revision_truncate`)} after truncate
            on ${sql.table(w.table)} for each statement execute function bump_catalog_revision()`.execute(db);
        continue;
      }
      for (const [i, event] of events.entries()) {
        await sql`create trigger ${sql.raw(`${w.table}_details_revision_${i}`)} after ${sql.raw(event)}
          on ${sql.table(w.table)} begin ${bump}; end`.execute(db);
      }
    }
  },
  async down(db, dialect) {
    for (const w of DETAILS_WATCHED) {
      if (dialect === 'postgres') {
        await sql`drop trigger ${sql.raw(`${w.table}_details_revision`)} on ${sql.table(w.table)}`.execute(db);
        if (!w.updateOf)
          await sql`drop trigger ${sql.raw(`${w.table}_details_revision_truncate`)} on ${sql.table(w.table)}`.execute(db);
      } else {
        for (let i = 0; i < (w.updateOf ? 1 : 3); i++)
          await sql`drop trigger ${sql.raw(`${w.table}_details_revision_${i}`)}`.execute(db);
      }
    }
  },
};
