import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createDb, withNamedStatements } from '../src/db';
import { testDialect } from './helpers';

type Prepared = { name: string; statement: string };

/** A one-connection Kysely over the test server, through withNamedStatements. */
function open(max?: number) {
  const pool = new pg.Pool({ connectionString: inject('testDb').url!, max: 1 });
  return new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, max) }) });
}

const preparedOn = async (db: Kysely<Record<string, never>>, text: string) =>
  (await sql<Prepared>`select name, statement from pg_prepared_statements`.execute(db)).rows.filter((r) => r.statement === text);

describe.runIf(testDialect() === 'postgres')('PostgreSQL statements named after their text', () => {
  it('are prepared once on a connection and run by name from then on, with their values bound each time', async () => {
    const db = open();
    try {
      const first = await sql<{ n: number }>`select ${1}::int + 1 as n`.execute(db);
      const second = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db);
      expect([first.rows[0]!.n, second.rows[0]!.n]).toEqual([2, 42]);
      const prepared = await preparedOn(db, 'select $1::int + 1 as n');
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^k[\w-]{22}$/);
    } finally {
      await db.destroy();
    }
  });

  it('name only the first texts up to the limit; later ones run unnamed', async () => {
    const db = open(1);
    try {
      await sql`select ${1}::int as a`.execute(db);
      const later = await sql<{ b: number }>`select ${2}::int as b`.execute(db);
      expect(later.rows[0]!.b).toBe(2);
      expect(await preparedOn(db, 'select $1::int as a')).toHaveLength(1);
      expect(await preparedOn(db, 'select $1::int as b')).toHaveLength(0);
    } finally {
      await db.destroy();
    }
  });

  it('hand Kysely one wrapper per pooled connection, so it keeps one connection object per connection (decision 035)', async () => {
    const pool = new pg.Pool({ connectionString: inject('testDb').url!, max: 2 });
    const named = withNamedStatements(pool);
    try {
      const a = await named.connect();
      a.release();
      const again = await named.connect();
      const other = await named.connect();
      expect(again).toBe(a);
      expect(other).not.toBe(a);
      again.release();
      other.release();
    } finally {
      await named.end();
    }
  });

  it("run on generic plans on the app's connections (planned once, not again on every run)", async () => {
    const { db } = createDb({ dialect: 'postgres', url: inject('testDb').url! });
    try {
      const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db);
      expect(rows[0]!.plan_cache_mode).toBe('force_generic_plan');
    } finally {
      await db.destroy();
    }
  });
});
