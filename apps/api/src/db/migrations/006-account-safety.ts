import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/**
 * Account safety (issue 13): at most one default address per customer, enforced by the database
 * (a partial unique index), so concurrent requests cannot leave two. Customers who already have
 * several keep the newest of them as the default.
 */
export const m006AccountSafety: DialectMigration = {
  async up(db) {
    await sql`
      update addresses set is_default = 0
      where is_default = 1
        and id <> (select max(d.id) from addresses d where d.user_id = addresses.user_id and d.is_default = 1)
    `.execute(db);
    await sql`create unique index addresses_one_default_per_user on addresses (user_id) where is_default = 1`.execute(db);
  },
  async down(db) {
    await sql`drop index addresses_one_default_per_user`.execute(db);
  },
};
