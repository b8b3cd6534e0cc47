import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { AppConfig } from '../config';
import { TarGzWriter } from './archive';
import {
  appVersion,
  BackupError,
  FILE_FOLDERS,
  FORMAT,
  FORMAT_VERSION,
  listFiles,
  MANIFEST_NAME,
  type Manifest,
  type ManifestEntry,
} from './manifest';
import { findPgTool, libpqTarget, runPgTool } from './postgres-tools';
import { pgCounts, pgMigrations, sqliteCounts, sqliteMigrations } from './tables';

export type BackupConfig = Pick<AppConfig, 'database' | 'dataDir' | 'pgBinDir'>;

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** Files listed but deleted before they were read, and entries that are not regular files (not copied). */
  vanished: string[];
  skipped: string[];
}

interface DatabaseCopy {
  /** The copy on disk (a staging file), its name in the archive and the tool that made it. */
  file: string;
  name: string;
  tool: string;
  migration: string;
  tables: Record<string, number>;
}

/**
 * A consistent copy of a serving system in one archive (decision 045): first the database, as one
 * snapshot with its row counts taken in the same snapshot; then the files of DATA_DIR/uploads and
 * DATA_DIR/private; then the manifest. The database comes first so that every file its rows name was
 * already written (uploads are written before the rows that name them). The archive is written beside
 * `out` under a temporary name and renamed when complete: `out` never holds half a backup.
 */
export async function createBackup(config: BackupConfig, out: string): Promise<BackupResult> {
  const target = path.resolve(out);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: give the name of a new file.`);
  const dir = path.dirname(target);
  if (!fs.existsSync(dir)) throw new BackupError(`The folder ${dir} does not exist.`);
  for (const folder of FILE_FOLDERS) {
    const inside = path.relative(path.join(config.dataDir, folder), target);
    if (!inside.startsWith('..') && !path.isAbsolute(inside))
      throw new BackupError(
        `${target} is inside DATA_DIR/${folder}, which the backup copies: write it elsewhere (and keep a copy off this machine).`,
      );
  }
  // Before anything is written: a missing pg_dump is said at once.
  const pgDump = config.database.dialect === 'postgres' ? findPgTool('pg_dump', config.pgBinDir) : null;

  const suffix = `${randomBytes(4).toString('hex')}`;
  const staging = path.join(dir, `.${path.basename(target)}.${suffix}.parts`);
  const partial = path.join(dir, `.${path.basename(target)}.${suffix}.partial`);
  fs.mkdirSync(staging);
  let writer: TarGzWriter | null = null;
  try {
    // The moment of the copy: the database's snapshot is taken right after it.
    const createdAt = new Date().toISOString();
    const copy =
      config.database.dialect === 'sqlite'
        ? await copySqlite(config.database.file, staging)
        : await copyPostgres(config.database.url, pgDump!, staging);

    writer = new TarGzWriter(partial);
    const written = await writer.addFile(copy.name, copy.file);
    if (!written) throw new BackupError('The copy of the database disappeared while the archive was written.');
    fs.rmSync(copy.file, { force: true });

    const files: ManifestEntry[] = [];
    const vanished: string[] = [];
    const skipped: string[] = [];
    for (const folder of FILE_FOLDERS) {
      const listed = await listFiles(path.join(config.dataDir, folder));
      skipped.push(...listed.skipped.map((f) => `${folder}/${f}`));
      for (const rel of listed.files) {
        const name = `${folder}/${rel}`;
        const entry = await writer.addFile(name, path.join(config.dataDir, folder, ...rel.split('/')));
        if (entry) files.push({ path: name, ...entry });
        else vanished.push(name);
      }
    }

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt,
      appVersion: appVersion(),
      dialect: config.database.dialect,
      migration: copy.migration,
      tables: copy.tables,
      database: { path: copy.name, tool: copy.tool, ...written },
      files,
    };
    await writer.addBuffer(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    writer = null;
    // On disk before it takes its name: a backup that a power cut could leave half-written is no backup.
    const handle = await fs.promises.open(partial, 'r+');
    await handle.sync();
    await handle.close();
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, manifest, vanished, skipped };
  } finally {
    if (writer) await writer.abort();
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * SQLite's online backup (better-sqlite3's `backup`), all pages in one step: one read transaction, so
 * the copy is the database as of one moment while the server goes on writing (WAL: writers are not
 * blocked). The copy is then made a single self-contained file (rollback journal) and counted.
 */
async function copySqlite(file: string, staging: string): Promise<DatabaseCopy> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no SQLite database at ${file} (DATA_DIR/DATABASE_URL).`);
  const source = new SQLite(file, { fileMustExist: true });
  const copyFile = path.join(staging, 'storefront.sqlite');
  try {
    source.pragma('busy_timeout = 10000');
    if (!sqliteMigrations(source))
      throw new BackupError(`${file} is not a database of this application (it has no migrations): nothing to back up.`);
    await source.backup(copyFile, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(copyFile);
  try {
    copy.pragma('journal_mode = DELETE');
    const applied = sqliteMigrations(copy)!;
    return {
      file: copyFile,
      name: 'database/storefront.sqlite',
      tool: `better-sqlite3 backup (SQLite ${copy.prepare('select sqlite_version()').pluck().get() as string})`,
      migration: applied.at(-1) ?? '',
      tables: sqliteCounts(copy),
    };
  } finally {
    copy.close();
  }
}

/**
 * pg_dump in its custom format, in the snapshot of a transaction of ours (`--snapshot`): the rows
 * counted for the manifest are exactly those dumped, whatever the server writes meanwhile.
 */
async function copyPostgres(url: string, pgDump: string, staging: string): Promise<DatabaseCopy> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Cannot connect to the PostgreSQL database of DATABASE_URL: ${error.message}`);
  });
  client.on('error', () => undefined);
  const dumpFile = path.join(staging, 'storefront.pgdump');
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local idle_in_transaction_session_timeout = 0');
    await client.query('set local statement_timeout = 0');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const applied = await pgMigrations(client);
    if (!applied)
      throw new BackupError(
        'The database of DATABASE_URL is not one of this application (it has no migrations): nothing to back up.',
      );
    const tables = await pgCounts(client);
    const { dbname, env } = libpqTarget(url);
    const version = (await runPgTool(pgDump, ['--version'], {}).catch(() => '')).trim();
    await runPgTool(pgDump, ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${dumpFile}`, `--dbname=${dbname}`], env);
    await client.query('commit');
    return {
      file: dumpFile,
      name: 'database/storefront.pgdump',
      tool: `pg_dump --format=custom${version ? ` (${version})` : ''}`,
      migration: applied.at(-1) ?? '',
      tables,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}
