import type { DialectMigration } from './helpers';

/**
 * Whose request a one-time code answered (issue 41, finding 9): `one_time_codes.by_owner` is 1 when the
 * account's owner asked for it signed in. A target's daily cap counts only such codes and codes asked
 * for from the requester's own address; a stranger's requests from elsewhere no longer use up the
 * owner's codes for the day.
 *
 * Types in ../accounts-schema.ts. Frozen once released.
 */
export const m027OtpOwner: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('one_time_codes')
      .addColumn('by_owner', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
