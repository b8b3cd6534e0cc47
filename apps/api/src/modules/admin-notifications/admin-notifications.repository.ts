import { type Expression, type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { OutboxStatus } from '@souq/contracts/admin-notifications-constants';

/** SQL of the operator console's notifications (the outbox, decision 046). */

export interface NotificationFilter {
  status?: OutboxStatus;
  search?: string;
}

/** `%text%` for LIKE, its own `%`, `_` and `\` taken literally (with `escape '\'`), lower-cased. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeLower = (column: Expression<unknown>, pattern: string) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

const COLUMNS = [
  'id',
  'kind',
  'channel',
  'recipient_type',
  'address',
  'locale',
  'subject',
  'body',
  'ref',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
  'next_attempt_at',
] as const;

/**
 * The filtered rows. A status filter reads through `outbox_due` (status first); a search reads every row
 * of the status (no index helps a `%text%`): the outbox is kept small by OUTBOX_RETENTION_DAYS.
 */
const outboxFrom = (db: DbOrTrx, f: NotificationFilter) => {
  let q = db.selectFrom('outbox');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.search) {
    const pattern = containsPattern(f.search);
    q = q.where((eb) => eb.or([likeLower(eb.ref('address'), pattern), likeLower(eb.ref('ref'), pattern)]));
  }
  return q;
};

/** One page (newest first: by id, the order rows are written in) and how many match. */
export async function listNotifications(db: DbOrTrx, f: NotificationFilter, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    outboxFrom(db, f)
      .select(COLUMNS)
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    outboxFrom(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findNotification = (db: DbOrTrx, id: number) =>
  db.selectFrom('outbox').select(COLUMNS).where('id', '=', id).executeTakeFirst();
export type AdminNotificationRow = NonNullable<Awaited<ReturnType<typeof findNotification>>>;

/**
 * Makes failed rows due again at `now`: pending, attempts counted anew (so the worker's back-off starts
 * over), the lease cleared; the last error stays until a send succeeds. `id`: that row only (if failed);
 * none: every failed row, in one statement. Answers how many were changed.
 */
export async function resendFailed(db: DbOrTrx, now: string, id?: number): Promise<number> {
  let q = db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_by: null, locked_until: null })
    .where('status', '=', 'failed');
  if (id !== undefined) q = q.where('id', '=', id);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** How many messages failed for good (the console's dashboard). */
export async function failedCount(db: DbOrTrx): Promise<number> {
  const r = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
