import type { DialectMigration } from './helpers';

/**
 * Pay now (issue 39): `payments.attempts` counts the gateway pages a placement's payment has had after
 * its first (0: only the first). Each new page needs an idempotency key of its own at the gateway.
 *
 * Types in ../commerce-schema.ts. Frozen once released.
 */
export const m032PayAgain: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('payments')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
