import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig, type AppConfig } from '../src/config';
import { createDb } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import { withDatabase } from './global-setup';
import { dropDatabase, testDialect } from './helpers';

/** An empty database of the dialect under test, and how to drop it. */
async function emptyDatabase(dir: string): Promise<{ database: AppConfig['database']; drop: () => Promise<void> }> {
  if (testDialect() === 'sqlite')
    return { database: { dialect: 'sqlite', file: path.join(dir, 'db.sqlite') }, drop: async () => {} };
  const url = inject('testDb').url!;
  const name = `souq_empty_${randomBytes(5).toString('hex')}`;
  const admin = createDb({ dialect: 'postgres', url });
  await sql.raw(`create database ${name}`).execute(admin.db);
  return {
    database: { dialect: 'postgres', url: withDatabase(url, name) },
    drop: async () => {
      await dropDatabase(admin.db, name);
      await admin.db.destroy();
    },
  };
}

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
