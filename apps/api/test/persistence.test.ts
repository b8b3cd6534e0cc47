import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { createDb } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import { emptyDatabase, testDialect } from './helpers';

const count = async (app: Awaited<ReturnType<typeof buildApp>>) =>
  Number(
    (
      await app.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`first and second start (${testDialect()})`, () => {
  it('creates, migrates and seeds on first start and keeps the data on the next', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-persist-'));
    const { database, drop } = await emptyDatabase(dir);
    const config = testConfig({ database, dataDir: dir });
    const first = await buildApp(config);
    const products = await count(first);
    expect(products).toBeGreaterThanOrEqual(200);
    expect(fs.existsSync(path.join(dir, 'uploads/brand/logo.svg'))).toBe(true);
    await first.db
      .insertInto('menus')
      .values({ name: 'Marker', name_ar: 'علامة', url: '/marker', is_external: 0, target: '_self', sort: 99 })
      .execute();
    await first.close();

    const second = await buildApp(config);
    expect(await second.db.selectFrom('menus').select('name').where('url', '=', '/marker').execute()).toHaveLength(1);
    expect(await count(second)).toBe(products);
    await second.close();

    // Migrating an up-to-date database is a no-op.
    const { db, dialect } = createDb(config.database);
    await migrateToLatest(db, dialect);
    await db.destroy();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
