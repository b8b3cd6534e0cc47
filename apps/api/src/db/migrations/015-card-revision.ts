import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/**
 * The rest of a product card moves the catalogue's revision (migration 008) too, so that a card's
 * unchanging part can be kept until the catalogue changes (decision 028): a product's thumbnail, names
 * and unit, a shop's names, logo, delivery time and charges, and the units. A card's stock, rating,
 * reviews, sales and its shop's rating and last activity still move nothing: they are read every time.
 * Frozen once released.
 */
export const CARD_WATCHED: Array<{ table: string; updateOf?: string[] }> = [
  { table: 'products', updateOf: ['thumbnail', 'name', 'name_ar', 'unit_id'] },
  {
    table: 'shops',
    updateOf: [
      'name',
      'name_ar',
      'logo',
      'estimated_delivery_time',
      'estimated_delivery_time_ar',
      'delivery_charge',
      'free_delivery_above',
    ],
  },
  { table: 'units' },
];

const bump = sql.raw('update catalog_revision set revision = revision + 1');

export const m015CardRevision: DialectMigration = {
  async up(db, dialect) {
    for (const w of CARD_WATCHED) {
      const events = w.updateOf ? [`update of ${w.updateOf.join(', ')}`] : ['insert', 'delete', 'update'];
      if (dialect === 'postgres') {
        // Once per statement, with migration 008's function.
        await sql`create trigger ${sql.raw(`${w.table}_card_revision`)} after ${sql.raw(events.join(' or '))}
          on ${sql.table(w.table)} for each statement execute function bump_catalog_revision()`.execute(db);
        if (!w.updateOf)
          await sql`create trigger ${sql.raw(`${w.table}_card_revision_truncate`)} after truncate
            on ${sql.table(w.table)} for each statement execute function bump_catalog_revision()`.execute(db);
        continue;
      }
      for (const [i, event] of events.entries()) {
        await sql`create trigger ${sql.raw(`${w.table}_card_revision_${i}`)} after ${sql.raw(event)}
          on ${sql.table(w.table)} begin ${bump}; end`.execute(db);
      }
    }
  },
  async down(db, dialect) {
    for (const w of CARD_WATCHED) {
      if (dialect === 'postgres') {
        await sql`drop trigger ${sql.raw(`${w.table}_card_revision`)} on ${sql.table(w.table)}`.execute(db);
        if (!w.updateOf)
          await sql`drop trigger ${sql.raw(`${w.table}_card_revision_truncate`)} on ${sql.table(w.table)}`.execute(db);
      } else {
        for (let i = 0; i < (w.updateOf ? 1 : 3); i++)
          await sql`drop trigger ${sql.raw(`${w.table}_card_revision_${i}`)}`.execute(db);
      }
    }
  },
};
