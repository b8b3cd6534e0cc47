import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
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
export function createDb(
  database: AppConfig['database'],
  timeouts?: PostgresTimeouts,
): { db: Db; dialect: Dialect; relaxed: Db; reads: Db; pools: DbPools } {
  if (database.dialect === 'postgres') {
    const pools: DbPools = {};
    const db = postgresDb(database.url, timeouts?.poolMax ?? 10, timeouts, '', (p) => (pools.main = p));
    // Writes that may be lost in a crash (a shopper's cart lines), on connections of their own that do
    // not wait for the log to reach the disk at commit (`synchronous_commit = off`: visible to every
    // session at once, atomic, only the last fraction of a second of them lost in a crash — what
    // SQLite's WAL with synchronous NORMAL gives every write). Orders and payments stay on `db`.
    const relaxed = postgresDb(
      database.url,
      Math.min(4, timeouts?.poolMax ?? 10),
      timeouts,
      '-c synchronous_commit=off',
      (p) => (pools.cart = p),
    );
    // The public catalogue's reads (lists, details, categories, /master) on a pool of their own: calls
    // waiting on a locked table can hold every connection of `db` for the lock timeout, and a shopper
    // browsing should not wait behind them (issue 41, finding 3).
    const reads = postgresDb(database.url, timeouts?.readPoolMax ?? 4, timeouts, '', (p) => (pools.read = p));
    return { db, dialect: 'postgres', relaxed, reads, pools };
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', relaxed: db, reads: db, pools: {} };
}

/** PostgreSQL: the pools behind `db` (main), `relaxedDb` (cart) and `readDb` (read), for /metrics (decision 044). */
export type DbPools = Partial<Record<'main' | 'cart' | 'read', pg.Pool>>;

function postgresDb(
  url: string,
  max: number,
  timeouts: PostgresTimeouts | undefined,
  options = '',
  opened: (pool: pg.Pool) => void = () => undefined,
): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Named statements (below) run on a generic plan, made once per connection. Left to choose
    // ('auto'), PostgreSQL kept planning the hot statements again on every run (a page of cards with
    // `= ANY($1)` and `LIMIT $1` looks dearer generic than custom), which was a third of its CPU on
    // the commerce bench's cart mix (decision 015).
    // JIT off: the console's lists (a page of 20 shops with their counts) were JIT-compiled on every
    // run because their cost estimate crossed jit_above_cost (40 ms of which 16 ms compiling, 1.3 ms
    // without); this API's statements are short, and none gains from JIT (issue 37's console bench).
    options: `-c plan_cache_mode=force_generic_plan -c jit=off ${options}`.trim(),
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectTimeoutMs,
          statement_timeout: timeouts.statementTimeoutMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
          ...(timeouts.lockTimeoutMs ? { lock_timeout: timeouts.lockTimeoutMs } : {}),
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
  opened(pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
}

/**
 * Kysely prepares every query it runs; preparing costs as much as running a small indexed query. The
 * same SQL text (values are bound parameters) reuses its prepared statement instead: the hot catalogue
 * queries are a few dozen texts. Statements are run to completion synchronously (Kysely never streams
 * here), so one statement is never used twice at once. Oldest texts are dropped beyond `max`.
 *
 * Rows are read as arrays and made into objects here: better-sqlite3 builds each row object through
 * V8's C++ API one property at a time, which cost as much as running the query (a page of 20 product
 * cards: about 100 of its 250 µs). `rowObjects` builds them with one object literal per statement.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => void sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = readRowsAsArrays(sqlite.prepare(text));
        statements.set(text, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}

function readRowsAsArrays(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const raw = statement.raw(true);
  const toObject = rowObjects(raw.columns().map((c) => c.name));
  return {
    reader: true,
    all: (parameters) => (raw.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const row of raw.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(row);
    },
  };
}

/**
 * A function that makes a row's array into an object keyed by the columns' names, with one object literal
 * (one hidden class per statement, as V8 builds literals fastest). The names are the statement's own
 * column names, written as JSON string literals; a later column of the same name wins, as in
 * better-sqlite3's own objects.
 */
export function rowObjects(names: string[]): (row: unknown[]) => Record<string, unknown> {
  if (names.includes('__proto__')) {
    // A literal would set the prototype: build such rare rows key by key.
    return (row) => Object.fromEntries(names.map((name, i) => [name, row[i]]));
  }
  const fields = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  return new Function('row', `return { ${fields} };`) as (row: unknown[]) => Record<string, unknown>;
}

/**
 * PostgreSQL parses and plans every unnamed statement again, on every call: for the catalogue's short
 * queries that is most of the server's work (about 60 % of its CPU per products answer). A statement
 * named after its SQL text is parsed once per connection and run from then on (pg keeps the names it has
 * prepared on each connection; PostgreSQL re-plans by itself after a schema change). Names come from a
 * hash of the text; at most `max` texts are named, later ones run unnamed, so no connection holds an
 * unbounded set. Only the query path Kysely uses (text and values) is wrapped.
 */
export function withNamedStatements(pool: pg.Pool, max = 2000): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < max) {
      name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
      names.set(text, name);
    }
    return name;
  };
  // One wrapper per pooled client, kept as long as the client: Kysely keeps its connection object per
  // client object it is given, so a new wrapper on every checkout would make a new one each query.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: unknown, values?: unknown[]) =>
      typeof text === 'string'
        ? client.query({ name: nameOf(text), text, values })
        : client.query(text as never)) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** Booleans are stored as 0/1 in both dialects. */
export const flag = (v: boolean): number => (v ? 1 : 0);
export const isOn = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
