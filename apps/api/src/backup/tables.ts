import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { migrationNames } from '../db/migrations';
import { BackupError } from './manifest';

/** Kysely's record of the migrations applied (db/migrations). */
const MIGRATIONS_TABLE = 'kysely_migration';

/** Rows of every table of a SQLite database (its own bookkeeping, `sqlite_*`, left out). */
export function sqliteCounts(db: SQLite.Database): Record<string, number> {
  const names = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name")
    .pluck()
    .all() as string[];
  const out: Record<string, number> = {};
  for (const name of names)
    out[name] = db
      .prepare(`select count(*) from "${name.replaceAll('"', '""')}"`)
      .pluck()
      .get() as number;
  return out;
}

/** Rows of every table of a PostgreSQL database outside its catalogs, in the session's snapshot. */
export async function pgCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await client.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by schemaname, tablename`,
  );
  const out: Record<string, number> = {};
  for (const { schemaname, tablename } of rows) {
    const qualified = `${client.escapeIdentifier(schemaname)}.${client.escapeIdentifier(tablename)}`;
    const { rows: n } = await client.query<{ n: string }>(`select count(*)::text as n from ${qualified}`);
    out[schemaname === 'public' ? tablename : `${schemaname}.${tablename}`] = Number(n[0]!.n);
  }
  return out;
}

/** The migrations applied to a SQLite database, in order; null without Kysely's table (never started). */
export function sqliteMigrations(db: SQLite.Database): string[] | null {
  const exists = db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(MIGRATIONS_TABLE);
  if (!exists) return null;
  return db.prepare(`select name from ${MIGRATIONS_TABLE} order by name`).pluck().all() as string[];
}

export async function pgMigrations(client: pg.ClientBase): Promise<string[] | null> {
  const { rows } = await client.query<{ t: string | null }>(`select to_regclass('public.${MIGRATIONS_TABLE}')::text as t`);
  if (!rows[0]?.t) return null;
  const { rows: names } = await client.query<{ name: string }>(`select name from public.${MIGRATIONS_TABLE} order by name`);
  return names.map((r) => r.name);
}

/** The newest migration this code knows. */
export const latestKnownMigration = (): string => migrationNames.at(-1)!;

/**
 * Refuses migrations this code does not know (a backup of a newer version): this code could neither
 * serve that database nor migrate it. An older level is fine: the next start migrates it.
 */
export function checkMigrationLevel(applied: string[], where: string): void {
  const known = new Set(migrationNames);
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length)
    throw new BackupError(
      `${where} was made by a newer version of the application (migration ${unknown.at(-1)}; this one knows up to ${latestKnownMigration()}): ` +
        'restore it with that version or a later one.',
    );
}

/** The differences between two sets of row counts, one line each (empty when identical). */
export function compareCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const lines: string[] = [];
  for (const name of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const e = expected[name];
    const a = actual[name];
    if (e === a) continue;
    lines.push(`${name}: ${e ?? 'absent'} in the manifest, ${a ?? 'absent'} restored`);
  }
  return lines;
}
