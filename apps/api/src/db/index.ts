import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import pg from 'pg';
import type { AppConfig, PostgresTimeouts } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';

// PostgreSQL: return bigint/numeric as numbers (counts, sums); our values stay within 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * Opens the database. For PostgreSQL, `timeouts` bound every statement, the wait for a connection (a
 * new one, or a free one of the pool) and a transaction left idle, so one held lock cannot stall the
 * whole pool; their errors answer 503 (db/errors.ts). Without them (tools, tests' admin connections)
 * nothing is bounded.
 */
export function createDb(database: AppConfig['database'], timeouts?: PostgresTimeouts): { db: Db; dialect: Dialect } {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      ...(timeouts
        ? {
            connectionTimeoutMillis: timeouts.connectTimeoutMs,
            statement_timeout: timeouts.statementTimeoutMs,
            idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
          }
        : {}),
    });
    // An idle client can lose its connection (server restart, admin termination); without a
    // listener pg would rethrow that as an uncaught exception. The pool replaces the client.
    pool.on('error', (error) => console.warn(`postgres: idle connection lost (${error.message})`));
    // A connection can also drop while it is checked out but between queries (e.g. just handed out
    // when the server went away): pg then emits 'error' on the client, which has no listener of the
    // pool's at that moment, and an unhandled 'error' would stop the process. The query that uses it
    // fails on its own (503), and the pool discards the client when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(database.file)), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A catalogue of 100,000 products with descriptions is a few hundred MB: keep its hot pages in memory.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
  };
}

/**
 * Kysely prepares every query it runs; preparing costs as much as running a small indexed query. The
 * same SQL text (values are bound parameters) reuses its prepared statement instead: the hot catalogue
 * queries are a few dozen texts. Statements are run to completion synchronously (Kysely never streams
 * here), so one statement is never used twice at once. Oldest texts are dropped beyond `max`.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        statements.set(text, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}

/** Booleans are stored as 0/1 in both dialects. */
export const flag = (v: boolean): number => (v ? 1 : 0);
export const isOn = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
