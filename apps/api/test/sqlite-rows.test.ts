import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, rowObjects } from '../src/db';

describe('SQLite rows read as arrays and made into objects', () => {
  it('answer objects keyed by column name, with the values of each row, through Kysely', async () => {
    const { db } = createDb({ dialect: 'sqlite', file: ':memory:' });
    try {
      await sql`create table t (id integer primary key, name text, price integer, note text)`.execute(db);
      await sql`insert into t (name, price, note) values ('عطر', 1500, null), ('watch', 25000, 'x')`.execute(db);
      const { rows } = await sql<Record<string, unknown>>`select id, name, price * 2 as double, note from t order by id`.execute(
        db,
      );
      expect(rows).toEqual([
        { id: 1, name: 'عطر', double: 3000, note: null },
        { id: 2, name: 'watch', double: 50000, note: 'x' },
      ]);
      // The same statement again (reused) with other values bound.
      const again = await sql<{ id: number }>`select id from t where price > ${2000}`.execute(db);
      expect(again.rows).toEqual([{ id: 2 }]);
      // Writes still answer their changes and new row id.
      const write = await sql`insert into t (name, price) values ('pen', 500)`.execute(db);
      expect([Number(write.numAffectedRows), Number(write.insertId)]).toEqual([1, 3]);
    } finally {
      await db.destroy();
    }
  });

  it('let a later column of the same name win, and never take a column named __proto__ as the prototype', () => {
    expect(rowObjects(['a', 'b', 'a'])([1, 2, 3])).toEqual({ a: 3, b: 2 });
    const row = rowObjects(['__proto__', 'x'])([{ polluted: true }, 1]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(row)).toEqual(['__proto__', 'x']);
  });
});
