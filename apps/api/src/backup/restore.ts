import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import * as tar from 'tar';
import type { AppConfig } from '../config';
import {
  BackupError,
  FILE_FOLDERS,
  FORMAT,
  FORMAT_VERSION,
  hashFile,
  listFiles,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
} from './manifest';
import { findPgTool, libpqTarget, runPgTool } from './postgres-tools';
import { checkMigrationLevel, compareCounts, pgCounts, pgMigrations, sqliteCounts, sqliteMigrations } from './tables';

export type RestoreConfig = Pick<AppConfig, 'database' | 'dataDir' | 'pgBinDir'>;

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  fileBytes: number;
}

/**
 * Restores a backup of createBackup into an empty database and an empty DATA_DIR (decision 045). Every
 * check that can refuse runs before anything is written: the targets are empty, the archive reads
 * whole, its manifest is of a known format and dialect and of a migration level this code knows, and
 * every entry has the manifest's size and SHA-256. Then the database is restored and its rows counted
 * against the manifest, and the folders are moved into DATA_DIR.
 */
export async function restoreBackup(config: RestoreConfig, archive: string): Promise<RestoreResult> {
  const source = path.resolve(archive);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`There is no backup file at ${source}.`);
  const pgRestore = config.database.dialect === 'postgres' ? findPgTool('pg_restore', config.pgBinDir) : null;
  await checkEmptyTargets(config);

  fs.mkdirSync(config.dataDir, { recursive: true });
  // Unpacked inside DATA_DIR, so that the folders are then moved into place by a rename.
  const staging = path.join(config.dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(staging);
  try {
    await unpack(source, staging);
    const manifest = readManifest(staging, config.database.dialect);
    await verifyEntries(staging, manifest);

    const dbFile = path.join(staging, ...manifest.database.path.split('/'));
    const rows =
      config.database.dialect === 'sqlite'
        ? restoreSqlite(dbFile, config.database.file, manifest)
        : await restorePostgres(dbFile, config.database.url, pgRestore!, manifest);

    for (const folder of FILE_FOLDERS) {
      const from = path.join(staging, folder);
      if (fs.existsSync(from)) moveInto(from, path.join(config.dataDir, folder));
    }
    return {
      manifest,
      rows,
      files: manifest.files.length,
      fileBytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Refuses a database with tables or rows, and uploads/private folders with files, naming each. */
async function checkEmptyTargets(config: RestoreConfig): Promise<void> {
  const problems: string[] = [];
  if (config.database.dialect === 'sqlite') {
    const file = config.database.file;
    if (fs.existsSync(`${file}-wal`) && !fs.existsSync(file))
      problems.push(`${file}-wal exists without its database: remove it (and ${file}-shm) first.`);
    if (fs.existsSync(file) && fs.statSync(file).size > 0) {
      let tables = 0;
      try {
        const db = new SQLite(file, { readonly: true, fileMustExist: true });
        try {
          tables = db
            .prepare("select count(*) from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'")
            .pluck()
            .get() as number;
        } finally {
          db.close();
        }
      } catch (error) {
        problems.push(`The database file ${file} exists and cannot be read as SQLite (${(error as Error).message}).`);
      }
      if (tables > 0)
        problems.push(
          `The database ${file} is not empty (${plural(tables, 'table')}): restore into a new DATA_DIR or DATABASE_URL.`,
        );
    }
  } else {
    const client = await connect(config.database.url);
    try {
      const { rows } = await client.query<{ n: string }>(
        `select count(*)::text as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_%'`,
      );
      const n = Number(rows[0]!.n);
      if (n > 0)
        problems.push(
          `The PostgreSQL database of DATABASE_URL is not empty (${plural(n, 'table, view or sequence', 'tables, views or sequences')}): restore into a new database (createdb).`,
        );
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  for (const folder of FILE_FOLDERS) {
    const dir = path.join(config.dataDir, folder);
    const { files, skipped } = await listFiles(dir);
    const n = files.length + skipped.length;
    if (n > 0) problems.push(`${dir} is not empty (${plural(n, 'file')}): restore into a new DATA_DIR.`);
  }
  if (problems.length) throw new BackupError(`Refusing to restore:\n  ${problems.join('\n  ')}`);
}

/** Renames `from` to `to`, or copies then removes it when they are on different file systems. */
function move(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true, preserveTimestamps: true, errorOnExist: true, force: false });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/**
 * Moves the contents of folder `from` into folder `to` (which may exist, holding only empty folders:
 * checked before), entry by entry: `to` itself may be a mount point, which can be neither replaced nor
 * renamed onto.
 */
function moveInto(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory() && fs.existsSync(dest)) moveInto(src, dest);
    else move(src, dest);
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the PostgreSQL database of DATABASE_URL: ${(error as Error).message}`);
  }
  return client;
}

/** Unpacks the archive: regular files and folders only, strictly (a damaged archive is an error, not a warning). */
async function unpack(archive: string, into: string): Promise<void> {
  const odd: string[] = [];
  try {
    // Streamed, so that reading waits for the disk: given the file name, tar reads ahead and holds the
    // unpacked database in memory (280 MB of memory for a 270 MB SQLite file; 95 MB streamed).
    await pipeline(
      fs.createReadStream(archive),
      tar.x({
        cwd: into,
        strict: true,
        preserveOwner: false,
        filter: (p, entry) => {
          const type = 'type' in entry ? entry.type : 'File';
          if (type === 'File' || type === 'Directory') return true;
          odd.push(`${p} (${type})`);
          return false;
        },
      }),
    );
  } catch (error) {
    throw new BackupError(`The archive is damaged or is not a backup of this application: ${(error as Error).message}`);
  }
  if (odd.length) throw new BackupError(`The archive holds entries a backup never has: ${odd.slice(0, 5).join(', ')}.`);
}

function readManifest(staging: string, dialect: 'sqlite' | 'postgres'): Manifest {
  const file = path.join(staging, MANIFEST_NAME);
  if (!fs.existsSync(file))
    throw new BackupError(`The archive has no ${MANIFEST_NAME}: it is incomplete or not a backup of this application.`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BackupError(`The archive's ${MANIFEST_NAME} is not JSON: ${(error as Error).message}`);
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== FORMAT)
    throw new BackupError(`The archive is not a backup of this application (${MANIFEST_NAME} has no "format": "${FORMAT}").`);
  if (typeof format.formatVersion === 'number' && format.formatVersion > FORMAT_VERSION)
    throw new BackupError(
      `The backup's format (${format.formatVersion}) is newer than this version reads (${FORMAT_VERSION}): restore it with a newer version.`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(
      `The archive's ${MANIFEST_NAME} is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const manifest = parsed.data;
  if (manifest.dialect !== dialect) {
    const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
    throw new BackupError(
      `This backup is of a ${names[manifest.dialect]} database, and DATABASE_URL names a ${names[dialect]} one: restore it into ${names[manifest.dialect]}.`,
    );
  }
  checkMigrationLevel([manifest.migration], 'This backup');
  return manifest;
}

/** Every unpacked file is in the manifest with its size and checksum, and every file of the manifest is there. */
async function verifyEntries(staging: string, manifest: Manifest): Promise<void> {
  const expected = new Map([manifest.database, ...manifest.files].map((e) => [e.path, e]));
  const { files } = await listFiles(staging);
  const problems: string[] = [];
  for (const rel of files) {
    if (rel === MANIFEST_NAME) continue;
    const entry = expected.get(rel);
    if (!entry) {
      problems.push(`${rel} is in the archive but not in the manifest`);
      continue;
    }
    expected.delete(rel);
    const actual = await hashFile(path.join(staging, ...rel.split('/')));
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
      problems.push(
        `${rel}: checksum mismatch (${actual.size} bytes, sha256 ${actual.sha256}; the manifest says ${entry.size} bytes, ${entry.sha256})`,
      );
  }
  for (const missing of expected.keys()) problems.push(`${missing} is in the manifest but missing from the archive`);
  if (problems.length)
    throw new BackupError(
      `The archive does not match its manifest; nothing was restored:\n  ${problems.slice(0, 20).join('\n  ')}` +
        (problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''),
    );
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

function countMismatch(manifest: Manifest, actual: Record<string, number>, after: string): BackupError | null {
  const lines = compareCounts(manifest.tables, actual);
  return lines.length ? new BackupError(`The restored rows differ from the manifest (${after}):\n  ${lines.join('\n  ')}`) : null;
}

/** Puts the SQLite copy in place, then checks it: integrity, migrations and the rows of every table. */
function restoreSqlite(copy: string, target: string, manifest: Manifest): number {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Empty (checked): a zero-byte file or leftovers of a database that had no table.
  for (const f of [target, `${target}-wal`, `${target}-shm`, `${target}-journal`]) fs.rmSync(f, { force: true });
  move(copy, target);
  try {
    const db = new SQLite(target, { fileMustExist: true });
    try {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`The restored database fails SQLite's check: ${String(check)}`);
      const applied = sqliteMigrations(db);
      if (!applied) throw new BackupError('The restored database has no migrations: it is not one of this application.');
      checkMigrationLevel(applied, 'The restored database');
      const counts = sqliteCounts(db);
      const mismatch = countMismatch(manifest, counts, 'the database was removed again');
      if (mismatch) throw mismatch;
      return total(counts);
    } finally {
      db.close();
    }
  } catch (error) {
    for (const f of [target, `${target}-wal`, `${target}-shm`]) fs.rmSync(f, { force: true });
    throw error;
  }
}

/** pg_restore in one transaction (all or nothing), owners and grants left to the restoring role; then the rows are counted. */
async function restorePostgres(dump: string, url: string, pgRestore: string, manifest: Manifest): Promise<number> {
  const { dbname, env } = libpqTarget(url);
  await runPgTool(
    pgRestore,
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, dump],
    env,
  );
  const client = await connect(url);
  try {
    const applied = await pgMigrations(client);
    const leftAs = 'the database is left as restored: drop and create it again before another try';
    if (!applied) throw new BackupError(`The restored database has no migrations (${leftAs}).`);
    checkMigrationLevel(applied, 'The restored database');
    const counts = await pgCounts(client);
    const mismatch = countMismatch(manifest, counts, leftAs);
    if (mismatch) throw mismatch;
    return total(counts);
  } finally {
    await client.end().catch(() => undefined);
  }
}
