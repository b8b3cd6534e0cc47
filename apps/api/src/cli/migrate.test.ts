import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDatabase, testDialect } from '../../test/helpers';
import { createDb } from '../db';

const apiDir = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-cli-'));
const empty = await emptyDatabase(dir);
const db = createDb(empty.database).db;
afterAll(async () => {
  await db.destroy();
  await empty.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run migrate` (the CLI, through tsx as npm does) against the empty database. */
function migrateCli(appEnv: string): Promise<{ code: number; out: string }> {
  const database = empty.database;
  const tsx = path.join(apiDir, '../../node_modules/tsx/dist/cli.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, 'src/cli/migrate.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        APP_ENV: appEnv,
        DATABASE_URL: database.dialect === 'postgres' ? database.url : `sqlite:${database.file}`,
        DATA_DIR: dir,
      },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const count = async (table: string) =>
  Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

describe(`npm run migrate (${testDialect()})`, () => {
  it('applies every migration to an empty database, prints them, seeds nothing and exits', async () => {
    // A production deployment's migration step, without the server's secrets (PUBLIC_URL, OTP_SECRET …).
    const first = await migrateCli('production');
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/^applied 001-settings$/m);
    expect(first.out).toMatch(/^applied 028-console-lists$/m);
    expect(first.out).toMatch(/\d+ migrations applied to /);
    const applied = await count('kysely_migration');
    expect(applied).toBe([...first.out.matchAll(/^applied /gm)].length);
    // No seed: no accounts, no shops, no currency (the base data is the seed's, at a server's first start).
    expect(await count('users')).toBe(0);
    expect(await count('shops')).toBe(0);
    expect(await count('currencies')).toBe(0);
  }, 120_000);

  it('a second run applies none', async () => {
    const again = await migrateCli('local');
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('is up to date: no migration to apply');
    expect(again.out).not.toMatch(/^applied /m);
  }, 120_000);
});
