/**
 * Errors that mean "the database cannot answer now" rather than "this request is wrong" or "the code
 * is wrong": the server answers them with 503 and Retry-After (the client may try again), not 500.
 */

// SQLite (better-sqlite3 codes): locked or busy past busy_timeout, read-only file or file system,
// I/O errors, a file that cannot be opened, a full disk.
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|IOERR|CANTOPEN|FULL)(_|$)/;

// PostgreSQL SQLSTATE codes.
const PG_UNAVAILABLE_CLASSES = ['08', '53']; // connection exception; insufficient resources (too many connections, disk full)
const PG_UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (backend terminated)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '55P03', // lock_not_available (lock_timeout)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '3D000', // invalid_catalog_name: the database is gone (renamed, dropped)
  '25006', // read_only_sql_transaction (a standby, or default_transaction_read_only)
]);

// Socket-level failures reaching the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

// Messages of pg and pg-pool (they carry no code) and of better-sqlite3 once its handle is closed.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|is not currently accepting connections|The database connection is not open/;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (SQLITE_UNAVAILABLE.test(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code) && (PG_UNAVAILABLE_CODES.has(code) || PG_UNAVAILABLE_CLASSES.includes(code.slice(0, 2))))
    return true;
  if (NETWORK_CODES.has(code)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** True for a unique-key violation in either dialect (the index decides a race between two writes). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
