import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db';
import { migrateToLatest } from '../db/migrations';

/**
 * npm run migrate    applies the database migrations not yet applied, prints them, and exits: no server,
 * no seed. Uses the server's configuration (DATABASE_URL, or the SQLite file under DATA_DIR). An upgrade
 * runs it once, then restarts the processes one at a time (`npm start` also migrates, so a single
 * process may skip it).
 */
async function main(): Promise<number> {
  // Relative paths (DATA_DIR=./data) mean the project's folder, as for `npm start` (npm runs this in apps/api).
  process.chdir(path.resolve(import.meta.dirname, '../../../..'));
  let config;
  try {
    // Only what migrating needs is checked: a deployment's migration step may run without the server's secrets.
    config = loadConfig(process.env, { serving: false });
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  const where = config.database.dialect === 'sqlite' ? config.database.file : redacted(config.database.url);
  const { db, dialect, relaxed, reads } = createDb(config.database, config.postgres);
  try {
    const started = Date.now();
    const applied = await migrateToLatest(db, dialect);
    for (const name of applied) console.log(`applied ${name}`);
    console.log(
      applied.length
        ? `${applied.length} migration${applied.length === 1 ? '' : 's'} applied to ${where} (${dialect}) in ${Date.now() - started} ms`
        : `${where} (${dialect}) is up to date: no migration to apply`,
    );
    return 0;
  } finally {
    for (const pool of new Set([relaxed, reads])) if (pool !== db) await pool.destroy();
    await db.destroy();
  }
}

/** A database URL without its password, for printing. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the database';
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
