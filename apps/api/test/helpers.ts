import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, inject, onTestFinished } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { type AppConfig, testConfig } from '../src/config';
import { createDb } from '../src/db';
import { withDatabase } from './global-setup';

/**
 * pg's Pool.end() resolves before its sockets have closed, so a forced drop right after app.close()
 * can kill connections that are still saying goodbye (an uncaught 57P01). Wait for them instead.
 */
export async function dropDatabase(db: ReturnType<typeof createDb>['db'], name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await sql.raw(`drop database if exists ${name}`).execute(db);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await sql.raw(`drop database if exists ${name} with (force)`).execute(db);
}

export const testDialect = () => inject('testDb').dialect;

/** An empty database of the dialect under test (a file in `dir`, or a new PostgreSQL database), and how to drop it. */
export async function emptyDatabase(dir: string): Promise<{ database: AppConfig['database']; drop: () => Promise<void> }> {
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

/**
 * The real app on a fresh copy of the seeded template database (one per call), closed and
 * dropped after the file's tests. `options.viaPort`: PostgreSQL only, the app connects to the database
 * through this local port (a proxy the test controls) instead of the server's own.
 */
export async function createTestApp(
  overrides: Parameters<typeof testConfig>[0] extends infer T ? Partial<T> : never = {},
  options: { viaPort?: number } & Pick<BuildOptions, 'logStream'> = {},
) {
  const { dialect, template, dir, url } = inject('testDb');
  const id = randomBytes(6).toString('hex');
  const dataDir = path.join(dir, `data-${id}`);
  fs.mkdirSync(dataDir, { recursive: true });
  let database: Parameters<typeof testConfig>[0]['database'];
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'test.sqlite');
    fs.copyFileSync(template, file);
    database = { dialect: 'sqlite', file };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `souq_t_${id}`;
    const admin = createDb({ dialect: 'postgres', url: url! });
    await sql.raw(`create database ${name} template ${template}`).execute(admin.db);
    const appUrl = new URL(withDatabase(url!, name));
    if (options.viaPort) appUrl.port = String(options.viaPort);
    database = { dialect: 'postgres', url: appUrl.toString() };
    cleanup = async () => {
      await dropDatabase(admin.db, name);
      await admin.db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const config = testConfig({ database, dataDir, ...overrides });
  const app = await buildApp(config, options);
  const close = async () => {
    await app.close();
    await cleanup();
  };
  // Made inside a test, the app is closed (and its database dropped) when that test ends: a hook
  // registered while a test runs would never run, and every such app used to leave its database behind.
  // onTestFinished throws outside a test (a file's top level or its hooks): the file's end closes it then.
  // (Not `expect.getState().currentTestName`: with the files sharing a process it still names the last
  // test of the file before.)
  try {
    onTestFinished(close);
  } catch {
    afterAll(close);
  }
  return app;
}

/** An operator of the console in a test database (the seeded template has none); its id. */
export async function testOperator(db: ReturnType<typeof createDb>['db'], email = 'test-operator@souq.om'): Promise<number> {
  await db
    .insertInto('operators')
    .values({ name: 'Test Operator', email, password_hash: 'not-a-hash', is_active: 1, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return (await db.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
