import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type Dialect } from '../src/db';
import { compiledOnce, inList, listValue } from '../src/db/compiled';
import { emptyDatabase, testDialect } from './helpers';

/** Statements built once and run with new values (db/compiled.ts), on the dialect under test. */
describe('compiledOnce', () => {
  let db: Db;
  let dialect: Dialect;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-once-'));
    const empty = await emptyDatabase(dir);
    drop = async () => {
      await empty.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    ({ db, dialect } = createDb(empty.database));
    await sql`create table items (id integer primary key, shop integer not null, name varchar(50) not null)`.execute(db);
    await sql`insert into items (id, shop, name) values (1, 1, 'one'), (2, 1, 'two'), (3, 2, 'three'), (4, 2, 'four')`.execute(
      db,
    );
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  let builds = 0;
  const itemsOf = compiledOnce((db, dialect, a: { shop: number; ids: unknown }) => {
    builds++;
    return db
      .selectFrom('items' as never)
      .select(['id', 'name'] as never)
      .where('shop' as never, '=', a.shop as never)
      .where(inList(dialect, 'id', a.ids))
      .orderBy('id' as never);
  });
  const run = (shop: number, ids: number[]) => itemsOf(db, dialect, { shop, ids: listValue(dialect, ids) });

  it('is built once and answers each run with its own values, whatever the list length', async () => {
    expect(testDialect()).toBe(dialect);
    expect(await run(1, [1, 2, 3])).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    expect(await run(2, [3])).toEqual([{ id: 3, name: 'three' }]);
    expect(await run(2, [1, 2, 3, 4, 4])).toEqual([
      { id: 3, name: 'three' },
      { id: 4, name: 'four' },
    ]);
    expect(await run(1, [])).toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs inside a transaction, seeing its uncommitted rows', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items (id, shop, name) values (5, 1, 'five')`.execute(trx);
        expect(await itemsOf(trx, dialect, { shop: 1, ids: listValue(dialect, [5]) })).toEqual([{ id: 5, name: 'five' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await run(1, [5])).toEqual([]);
  });

  it('refuses a slot that does not become a bound value', async () => {
    const inlined = compiledOnce((db, _dialect, a: { column: string }) =>
      db.selectFrom('items' as never).select(sql.raw(`'${String(a.column)}'`).as('x')),
    );
    await expect(inlined(db, dialect, { column: 'name' })).rejects.toThrow(/column did not become bound/);
  });
});
