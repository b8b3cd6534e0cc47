import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, DbOrTrx, Dialect } from '../../db';
import type { OutboxTable } from '../../db/notifications-schema';

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;

export const insertRows = (q: DbOrTrx, rows: NewOutboxRow[]) =>
  rows.length ? q.insertInto('outbox').values(rows).execute() : Promise.resolve([]);

/**
 * Claims up to `limit` rows for `worker` until `lockedUntil`, in one statement: rows due (`pending` whose
 * next attempt has come) and rows whose lease ran out (`sending` by a worker that stopped without
 * finishing them). On PostgreSQL the rows another worker is claiming at the same moment are skipped
 * (FOR UPDATE SKIP LOCKED), so two workers never claim one row; SQLite runs one statement at a time.
 */
export async function claim(db: Db, dialect: Dialect, worker: string, now: string, lockedUntil: string, limit: number) {
  const lock = dialect === 'postgres' ? sql` FOR UPDATE SKIP LOCKED` : sql``;
  const { rows } = await sql<OutboxRow>`
    UPDATE outbox
       SET status = 'sending', attempts = attempts + 1, locked_by = ${worker}, locked_until = ${lockedUntil}
     WHERE id IN (
       SELECT id FROM outbox
        WHERE (status = 'pending' AND next_attempt_at <= ${now})
           OR (status = 'sending' AND locked_until < ${now})
        ORDER BY next_attempt_at, id
        LIMIT ${limit}${lock})
    RETURNING *`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

/** Marks a claimed row sent, if this worker still holds it (false: its lease ran out and it was taken). */
export async function markSent(db: Db, id: number, worker: string, now: string) {
  const r = await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now, locked_by: null, locked_until: null, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('locked_by', '=', worker)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A failed attempt: tried again at `nextAttemptAt`, or `failed` for good when `last` is set. */
export const markFailed = (db: Db, id: number, worker: string, error: string, nextAttemptAt: string, last: boolean) =>
  db
    .updateTable('outbox')
    .set({
      status: last ? 'failed' : 'pending',
      next_attempt_at: nextAttemptAt,
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('locked_by', '=', worker)
    .execute();

/** Gives claimed rows that were not tried back (the worker is stopping): due at once, the attempt not counted. */
export const release = (db: Db, ids: number[], worker: string) =>
  ids.length
    ? db
        .updateTable('outbox')
        .set((eb) => ({ status: 'pending', locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', 'in', ids)
        .where('status', '=', 'sending')
        .where('locked_by', '=', worker)
        .execute()
    : Promise.resolve([]);

/**
 * Deletes up to `limit` rows `sent` or `failed` whose last attempt was due before `before` (their
 * `next_attempt_at`: for a sent row the moment its last attempt was due, for a failed one the moment the
 * next would have been), in one statement through the `outbox_due` index (status, next_attempt_at). A
 * failed row sent again is due anew, so it is not deleted before it has had its chance. Answers the
 * number deleted.
 */
export async function purgeBatch(db: DbOrTrx, before: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('outbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox as o')
        .select('o.id')
        .where('o.status', 'in', ['sent', 'failed'])
        .where('o.next_attempt_at', '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Messages not sent yet (pending or being sent): the outbox's depth. */
export async function depth(db: DbOrTrx): Promise<number> {
  const r = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A customer's notifications, newest first (outbox_recipient). */
export async function listForCustomer(db: DbOrTrx, userId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('outbox')
      .select(['id', 'kind', 'channel', 'subject', 'body', 'ref', 'status', 'created_at', 'sent_at'])
      .where('recipient_type', '=', 'user')
      .where('recipient_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('recipient_type', '=', 'user')
      .where('recipient_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
