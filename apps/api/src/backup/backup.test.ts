import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import * as tar from 'tar';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, emptyDatabase, testDialect } from '../../test/helpers';
import { buildApp } from '../app';
import { type AppConfig, testConfig } from '../config';
import { createDb, type Db } from '../db';
import { migrateTo, migrateToLatest, migrationNames } from '../db/migrations';
import { createBackup } from './backup';
import { BackupError, type Manifest, manifestSchema } from './manifest';
import { restoreBackup } from './restore';

const apiDir = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(apiDir, '../../node_modules/tsx/dist/cli.mjs');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const urlOf = (database: AppConfig['database']) => (database.dialect === 'postgres' ? database.url : `sqlite:${database.file}`);

/** Runs `npm run backup|restore -- <file>` (the CLI through tsx, as npm does) with the configuration of a server. */
function cli(
  command: 'backup' | 'restore',
  file: string,
  target: { database: AppConfig['database']; dataDir: string },
  env: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, `src/cli/${command}.ts`, file], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: urlOf(target.database), DATA_DIR: target.dataDir, LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/**
 * The same as `cli`, in this process (a command line costs seconds to start on a loaded machine): what
 * the command would print for a refusal, and its exit code.
 */
async function direct(
  command: 'backup' | 'restore',
  file: string,
  target: { database: AppConfig['database']; dataDir: string },
  pgBinDir?: string,
): Promise<{ code: number; out: string }> {
  const config = { ...target, pgBinDir };
  try {
    if (command === 'backup') await createBackup(config, file);
    else await restoreBackup(config, file);
    return { code: 0, out: '' };
  } catch (error) {
    if (error instanceof BackupError) return { code: 1, out: error.message };
    throw error;
  }
}

async function readManifest(archive: string): Promise<Manifest> {
  const dir = fs.mkdtempSync(path.join(work, 'manifest-'));
  await tar.x({ file: archive, cwd: dir, filter: (p) => p === 'manifest.json' });
  return manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')));
}

/** Unpacks an archive, lets `change` alter the unpacked files, and packs them again as a new archive. */
async function tampered(archive: string, change: (dir: string) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(work, 'tamper-'));
  await tar.x({ file: archive, cwd: dir });
  change(dir);
  const out = path.join(work, `tampered-${randomBytes(4).toString('hex')}.tar.gz`);
  await tar.c({ file: out, cwd: dir, gzip: true, portable: true }, fs.readdirSync(dir));
  return out;
}

/** Rows of every table, counted here with Kysely's own list of tables (not with the code under test). */
async function countRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await db.introspection.getTables({ withInternalKyselyTables: true })) {
    if (t.isView) continue;
    const name = t.schema && t.schema !== 'public' ? `${t.schema}.${t.name}` : t.name;
    const ref = t.schema ? sql.table(`${t.schema}.${t.name}`) : sql.table(t.name);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${ref}`.execute(db);
    out[name] = Number(rows[0]!.n);
  }
  return out;
}

/** Every regular file under `root`, as relative paths. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** An empty target: a new DATA_DIR and an empty database of the dialect under test, dropped when the test ends. */
async function emptyTarget(): Promise<{ database: AppConfig['database']; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(work, 'target-'));
  const { database, drop } = await emptyDatabase(dataDir);
  onTestFinished(drop);
  return { database, dataDir };
}

async function isEmpty(target: { database: AppConfig['database']; dataDir: string }): Promise<boolean> {
  if (filesUnder(path.join(target.dataDir, 'uploads')).length || filesUnder(path.join(target.dataDir, 'private')).length)
    return false;
  if (target.database.dialect === 'sqlite' && !fs.existsSync(target.database.file)) return true;
  const { db } = createDb(target.database);
  try {
    return (await db.introspection.getTables()).length === 0;
  } finally {
    await db.destroy();
  }
}

const app = await createTestApp();
const source = { database: app.config.database, dataDir: app.config.dataDir };
const write = (rel: string, data: Buffer) => {
  const file = path.join(source.dataDir, ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
};
// Files before the backup: a picture, a ticket attachment, an empty file and one whose name needs a PAX record.
const longName = `uploads/مرفقات/${'صورة-'.repeat(12)}.webp`;
write('uploads/products/9001.webp', randomBytes(300_000));
write('private/support/7/invoice.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000)]));
write('uploads/empty.txt', Buffer.alloc(0));
write(longName, randomBytes(1234));

/** The archive of the round trip, made while writes went on; later tests reuse it. */
let archive = '';

describe('npm run backup and npm run restore', () => {
  it('back up a serving system while it writes, and restore the same rows and the same files into an empty one', async () => {
    // A conversation whose unread counter and messages are written together, in one transaction each time.
    const user = await app.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const shop = await app.db
      .selectFrom('shops')
      .select('id')
      .where('id', 'not in', app.db.selectFrom('chat_conversations').select('shop_id').where('user_id', '=', user.id))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const conversation = await app.db
      .insertInto('chat_conversations')
      .values({ user_id: user.id, shop_id: shop.id, last_activity_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();

    let written = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        await app.db.transaction().execute(async (trx) => {
          const message = await trx
            .insertInto('chat_messages')
            .values({
              conversation_id: conversation.id,
              sender: 'shop',
              body: `message ${written}`,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('chat_conversations')
            .set((eb) => ({ user_unread: eb('user_unread', '+', 1), last_message_id: message.id }))
            .where('id', '=', conversation.id)
            .execute();
        });
        // New uploads keep arriving too (written before any row would name them, as the server does).
        if (written % 5 === 0) write(`uploads/live/${written}.bin`, randomBytes(5000 + written));
        written++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    try {
      await expect.poll(() => written, { timeout: 20_000 }).toBeGreaterThan(20);
      const before = written;
      archive = path.join(work, 'serving.tar.gz');
      const backup = await cli('backup', archive, source);
      const during = written - before;
      expect(backup.out).toMatch(/Backup written to .*serving\.tar\.gz/);
      expect(backup.code).toBe(0);
      // The writes went on while the backup ran (a separate process).
      expect(during).toBeGreaterThan(0);
    } finally {
      stop = true;
      await writer;
    }

    const manifest = await readManifest(archive);
    expect(manifest).toMatchObject({
      format: 'souq-backup',
      formatVersion: 1,
      appVersion: (JSON.parse(fs.readFileSync(path.join(apiDir, '../../package.json'), 'utf8')) as { version: string }).version,
      dialect: testDialect(),
      migration: migrationNames.at(-1),
    });
    // The copy is of one moment: between the first write and the last.
    const messagesNow = await app.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(manifest.tables.chat_messages).toBeGreaterThanOrEqual(Number(messagesNow.n) - written + 20);
    expect(manifest.tables.chat_messages).toBeLessThan(Number(messagesNow.n));
    const names = manifest.files.map((f) => f.path);
    for (const rel of ['uploads/products/9001.webp', 'private/support/7/invoice.pdf', 'uploads/empty.txt', longName])
      expect(names).toContain(rel);

    const target = await emptyTarget();
    // Empty folders (a new installation's) are no obstacle: the files go into them.
    fs.mkdirSync(path.join(target.dataDir, 'uploads/products'), { recursive: true });
    const restore = await cli('restore', archive, target);
    expect(restore.out).toMatch(/every count as in the manifest/);
    expect(restore.code).toBe(0);

    const restored = createDb(target.database);
    try {
      // Identical counts, table by table, counted independently.
      expect(await countRows(restored.db)).toEqual(manifest.tables);
      // Consistent: each transaction's two writes are both in the copy, or neither.
      const conv = await restored.db
        .selectFrom('chat_conversations')
        .selectAll()
        .where('id', '=', conversation.id)
        .executeTakeFirstOrThrow();
      const messages = await restored.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversation_id', '=', conversation.id)
        .executeTakeFirstOrThrow();
      expect(conv.user_unread).toBe(Number(messages.n));
      expect(conv.user_unread).toBeGreaterThanOrEqual(20);
    } finally {
      await restored.db.destroy();
    }
    // The files, byte for byte: every one of the manifest, and every one that was there before the backup.
    const restoredFiles = [
      ...filesUnder(path.join(target.dataDir, 'uploads')).map((f) => `uploads/${f}`),
      ...filesUnder(path.join(target.dataDir, 'private')).map((f) => `private/${f}`),
    ];
    expect(restoredFiles.sort()).toEqual([...names].sort());
    for (const rel of names) {
      const a = fs.readFileSync(path.join(source.dataDir, ...rel.split('/')));
      const b = fs.readFileSync(path.join(target.dataDir, ...rel.split('/')));
      expect(b.equals(a), rel).toBe(true);
    }
    expect(names.filter((n) => n.startsWith('uploads/live/')).length).toBeGreaterThan(0);

    // The restored system starts and takes new writes (PostgreSQL: its sequences came along).
    const restoredApp = await buildApp(testConfig({ database: target.database, dataDir: target.dataDir }));
    try {
      expect((await restoredApp.inject({ method: 'GET', url: '/api/master' })).statusCode).toBe(200);
      const next = await restoredApp.db
        .insertInto('chat_messages')
        .values({
          conversation_id: conversation.id,
          sender: 'user',
          body: 'after the restore',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(0);
    } finally {
      await restoredApp.close();
    }
  }, 180_000);

  it('refuses a target whose database or uploads are not empty, and writes nothing', async () => {
    expect(archive).not.toBe('');
    const intoSource = await cli('restore', archive, source);
    expect(intoSource.code).toBe(1);
    expect(intoSource.out).toMatch(/Refusing to restore:/);
    expect(intoSource.out).toMatch(/is not empty \(\d+ tables/);
    expect(intoSource.out).toMatch(/uploads is not empty \(\d+ files\)/);

    // An empty database but one file in uploads: refused, and the database stays empty.
    const target = await emptyTarget();
    fs.mkdirSync(path.join(target.dataDir, 'uploads/x'), { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'uploads/x/left-over.webp'), 'x');
    const refused = await direct('restore', archive, target);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/uploads is not empty \(1 file\): restore into a new DATA_DIR/);
    expect(refused.out).not.toMatch(/database.*is not empty/i);
    fs.rmSync(path.join(target.dataDir, 'uploads/x/left-over.webp'));
    expect(await isEmpty(target)).toBe(true);
  }, 180_000);

  it('refuses a damaged archive, a file that is not one, and an archive whose files do not match the manifest', async () => {
    const target = await emptyTarget();
    const truncated = path.join(work, 'truncated.tar.gz');
    const whole = fs.readFileSync(archive);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const cut = await direct('restore', truncated, target);
    expect(cut.code).toBe(1);
    expect(cut.out).toMatch(/The archive is damaged or is not a backup of this application/);

    const noise = path.join(work, 'noise.tar.gz');
    fs.writeFileSync(noise, randomBytes(4096));
    const notOne = await direct('restore', noise, target);
    expect(notOne.code).toBe(1);
    expect(notOne.out).toMatch(/damaged or is not a backup/);

    // One byte of one picture changed, the manifest left as it was.
    const flipped = await tampered(archive, (dir) => {
      const file = path.join(dir, 'uploads/products/9001.webp');
      const data = fs.readFileSync(file);
      data[1000] = data[1000]! ^ 0xff;
      fs.writeFileSync(file, data);
    });
    const mismatch = await direct('restore', flipped, target);
    expect(mismatch.code).toBe(1);
    expect(mismatch.out).toMatch(/does not match its manifest; nothing was restored/);
    expect(mismatch.out).toMatch(/uploads\/products\/9001\.webp: checksum mismatch/);

    // A file missing from the archive, and one the manifest does not know.
    const swapped = await tampered(archive, (dir) => {
      fs.rmSync(path.join(dir, 'private/support/7/invoice.pdf'));
      fs.writeFileSync(path.join(dir, 'uploads/stray.txt'), 'not in the manifest');
    });
    const missing = await direct('restore', swapped, target);
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/private\/support\/7\/invoice\.pdf is in the manifest but missing/);
    expect(missing.out).toMatch(/uploads\/stray\.txt is in the archive but not in the manifest/);

    // The database copy itself altered.
    const db = await tampered(archive, (dir) => {
      const name = fs.readdirSync(path.join(dir, 'database'))[0]!;
      fs.appendFileSync(path.join(dir, 'database', name), 'tail');
    });
    const dbMismatch = await direct('restore', db, target);
    expect(dbMismatch.code).toBe(1);
    expect(dbMismatch.out).toMatch(/database\/storefront\.(sqlite|pgdump): checksum mismatch/);

    expect(await isEmpty(target)).toBe(true);
  }, 180_000);

  it('refuses a backup of a newer migration level than this code knows or of the other dialect, and restores an older one that the next start migrates', async () => {
    const target = await emptyTarget();
    const future = await tampered(archive, (dir) => {
      const file = path.join(dir, 'manifest.json');
      const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      fs.writeFileSync(file, JSON.stringify({ ...m, migration: '999-from-the-future' }));
    });
    const newer = await direct('restore', future, target);
    expect(newer.code).toBe(1);
    expect(newer.out).toMatch(
      /made by a newer version of the application \(migration 999-from-the-future; this one knows up to /,
    );
    expect(await isEmpty(target)).toBe(true);

    // A backup of the other dialect.
    const other = testDialect() === 'sqlite' ? 'postgres' : 'sqlite';
    const crossed = await tampered(archive, (dir) => {
      const file = path.join(dir, 'manifest.json');
      const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      fs.writeFileSync(file, JSON.stringify({ ...m, dialect: other }));
    });
    const cross = await direct('restore', crossed, target);
    expect(cross.code).toBe(1);
    expect(cross.out).toMatch(
      /^This backup is of a (PostgreSQL|SQLite) database, and DATABASE_URL names a (SQLite|PostgreSQL) one/,
    );
    expect(await isEmpty(target)).toBe(true);

    // A database left at an older level (020), backed up and restored: the start brings it up to date.
    const old = await emptyTarget();
    const oldDb = createDb(old.database);
    await migrateTo(oldDb.db, oldDb.dialect, '020-operators');
    await oldDb.db.destroy();
    const oldArchive = path.join(work, 'old.tar.gz');
    const made = await direct('backup', oldArchive, old);
    expect(made.code).toBe(0);
    expect((await readManifest(oldArchive)).migration).toBe('020-operators');
    const restored = await direct('restore', oldArchive, target);
    expect(restored).toEqual({ code: 0, out: '' });
    const { db, dialect } = createDb(target.database);
    try {
      await migrateToLatest(db, dialect);
      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied.length).toBe(migrationNames.length);
    } finally {
      await db.destroy();
    }
  }, 180_000);

  it('says how to install pg_dump and pg_restore when they are missing, and refuses to overwrite a file', async () => {
    const empty = fs.mkdtempSync(path.join(work, 'no-tools-'));
    // The tools are looked for before any connection: no PostgreSQL server is needed to see the message.
    const pgTarget = { database: { dialect: 'postgres' as const, url: 'postgres://nobody@127.0.0.1:1/none' }, dataDir: empty };
    const dump = await cli('backup', path.join(work, 'never.tar.gz'), pgTarget, { PG_BIN_DIR: empty });
    expect(dump.code).toBe(1);
    expect(dump.out).toMatch(/pg_dump was not found in PG_BIN_DIR \(.*\): install PostgreSQL's client tools/);
    expect(dump.out).toMatch(/apt-get install postgresql-client/);
    const onPath = await cli('backup', path.join(work, 'never.tar.gz'), pgTarget, { PATH: empty });
    expect(onPath.code).toBe(1);
    expect(onPath.out).toMatch(/pg_dump was not found on PATH: install PostgreSQL's client tools/);
    const restore = await direct('restore', archive, pgTarget, empty);
    expect(restore.code).toBe(1);
    expect(restore.out).toMatch(/pg_restore was not found in PG_BIN_DIR/);
    expect(fs.existsSync(path.join(work, 'never.tar.gz'))).toBe(false);

    const inside = await direct('backup', path.join(source.dataDir, 'uploads/backup.tar.gz'), source);
    expect(inside.code).toBe(1);
    expect(inside.out).toMatch(/is inside DATA_DIR\/uploads, which the backup copies/);
    const again = await direct('backup', archive, source);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already exists: give the name of a new file/);
    const usage = await cli('backup', '--help', source);
    expect(usage.code).toBe(2);
    expect(usage.out).toMatch(/Usage: npm run backup -- FILE/);
  }, 180_000);
});
