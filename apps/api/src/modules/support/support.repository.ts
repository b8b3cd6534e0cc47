import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { ContactMessagesTable, SupportTicketAttachmentsTable, TicketSender, TicketStatus } from '../../db/support-schema';

/** SQL of the support module (issue 18, decision 021). */

/** Whose tickets a call sees: a customer's own, or those naming an order of a seller's shop. */
export type TicketScope = { userId: number } | { shopId: number };

const scoped = <Q extends { where: (...a: never[]) => Q }>(q: Q, scope: TicketScope, alias = 't'): Q =>
  'userId' in scope
    ? (q as unknown as { where: (c: string, o: string, v: number) => Q }).where(`${alias}.user_id`, '=', scope.userId)
    : (q as unknown as { where: (c: string, o: string, v: number) => Q }).where(`${alias}.shop_id`, '=', scope.shopId);

// --- Issue types -------------------------------------------------------------------------------------

export const issueTypes = (db: DbOrTrx) =>
  db
    .selectFrom('ticket_issue_types')
    .select(['id', 'name', 'name_ar'])
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const activeIssueType = (db: DbOrTrx, id: number) =>
  db.selectFrom('ticket_issue_types').select('id').where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();

// --- Orders and people the tickets name ---------------------------------------------------------------

/** One of the customer's own orders by its code. */
export const customerOrder = (db: DbOrTrx, userId: number, code: string) =>
  db
    .selectFrom('orders')
    .select(['id', 'order_code', 'shop_id'])
    .where('user_id', '=', userId)
    .where('order_code', '=', code)
    .executeTakeFirst();

export const shopBrief = (db: DbOrTrx, shopId: number) =>
  db.selectFrom('shops').select(['id', 'name', 'name_ar', 'logo']).where('id', '=', shopId).executeTakeFirst();

export const userName = async (db: DbOrTrx, userId: number) =>
  (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name ?? '';

/** An active customer or an active seller's shop: who a live token speaks for. */
export const activeUser = (db: DbOrTrx, userId: number) =>
  db.selectFrom('users').select('id').where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();

/** An active operator (the console's support desk sees every ticket's files). */
export const activeOperator = (db: DbOrTrx, operatorId: number) =>
  db.selectFrom('operators').select('id').where('id', '=', operatorId).where('is_active', '=', 1).executeTakeFirst();

export const activeSellerShop = async (db: DbOrTrx, shopUserId: number) =>
  (await db.selectFrom('shop_users').select('shop_id').where('id', '=', shopUserId).where('is_active', '=', 1).executeTakeFirst())
    ?.shop_id;

// --- Tickets -----------------------------------------------------------------------------------------

const ticketColumns = [
  't.id',
  't.ticket_no',
  't.user_id',
  't.issue_type_id',
  't.order_id',
  't.order_code',
  't.shop_id',
  't.subject',
  't.status',
  't.closed_at',
  't.last_message_at',
  't.created_at',
  't.updated_at',
  'it.name as issue_name',
  'it.name_ar as issue_name_ar',
  'u.name as customer_name',
  'u.email as customer_email',
  'u.phone as customer_phone',
  'u.profile_photo as customer_photo',
] as const;

const ticketQuery = (db: DbOrTrx) =>
  db
    .selectFrom('support_tickets as t')
    .leftJoin('ticket_issue_types as it', 'it.id', 't.issue_type_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(ticketColumns);

export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

export const findTicket = (db: DbOrTrx, ticketNo: string, scope: TicketScope) =>
  scoped(ticketQuery(db).where('t.ticket_no', '=', ticketNo), scope).executeTakeFirst();

export const findTicketById = (db: DbOrTrx, id: number) => ticketQuery(db).where('t.id', '=', id).executeTakeFirst();

export async function statusCounts(db: DbOrTrx, scope: TicketScope): Promise<Map<TicketStatus, number>> {
  const rows = await scoped(
    db.selectFrom('support_tickets as t').select(['t.status', (eb) => eb.fn.countAll<number>().as('n')]),
    scope,
  )
    .groupBy('t.status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** A page of tickets, the most recently active first. */
export const listTickets = (db: DbOrTrx, scope: TicketScope, status: TicketStatus | undefined, limit: number, offset: number) => {
  let q = scoped(ticketQuery(db), scope);
  if (status) q = q.where('t.status', '=', status);
  return q.orderBy('t.last_message_at', 'desc').orderBy('t.id', 'desc').limit(limit).offset(offset).execute();
};

export async function ticketNoTaken(db: DbOrTrx, ticketNo: string): Promise<boolean> {
  return !!(await db.selectFrom('support_tickets').select('id').where('ticket_no', '=', ticketNo).executeTakeFirst());
}

export async function insertTicket(
  db: DbOrTrx,
  values: {
    ticket_no: string;
    user_id: number;
    issue_type_id: number;
    order_id: number | null;
    order_code: string | null;
    shop_id: number | null;
    subject: string;
    now: string;
  },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('support_tickets')
    .values({
      ...rest,
      status: 'running',
      closed_by: null,
      closed_at: null,
      last_message_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Marks a running ticket as answered now; false when it is not running (any more). The update takes
 * the ticket's row lock, so an answer and a status change at the same moment are applied one after
 * the other and an answer never lands on a ticket closed under it.
 */
export async function touchRunning(db: DbOrTrx, ticketId: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('support_tickets')
    .set({ last_message_at: now, updated_at: now })
    .where('id', '=', ticketId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Closes a running ticket; false when it was not running. */
export async function closeRunning(
  db: DbOrTrx,
  ticketId: number,
  status: Exclude<TicketStatus, 'running'>,
  by: TicketSender,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('support_tickets')
    .set({ status, closed_by: by, closed_at: now, updated_at: now })
    .where('id', '=', ticketId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- Messages and attachments -------------------------------------------------------------------------

export async function insertMessage(
  db: DbOrTrx,
  values: { ticket_id: number; sender: TicketSender; shop_user_id: number | null; message: string; created_at: string },
): Promise<number> {
  const row = await db.insertInto('support_ticket_messages').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAttachments(
  db: DbOrTrx,
  rows: Array<Omit<Insertable<SupportTicketAttachmentsTable>, 'id'>>,
): Promise<void> {
  if (rows.length) await db.insertInto('support_ticket_attachments').values(rows).execute();
}

export async function countMessages(db: DbOrTrx, ticketId: number): Promise<number> {
  const row = await db
    .selectFrom('support_ticket_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket_id', '=', ticketId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a ticket's messages, newest first. */
export const messagesPage = (db: DbOrTrx, ticketId: number, limit: number, offset: number) =>
  db
    .selectFrom('support_ticket_messages')
    .select(['id', 'sender', 'shop_user_id', 'message', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const messageById = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('support_ticket_messages')
    .select(['id', 'sender', 'shop_user_id', 'message', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

export const attachmentsOf = (db: DbOrTrx, messageIds: number[]) =>
  messageIds.length
    ? db
        .selectFrom('support_ticket_attachments')
        .select(['id', 'message_id', 'kind', 'mime', 'name', 'size', 'width', 'height'])
        .where('message_id', 'in', messageIds)
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

/** An attachment with the ticket it belongs to (for the access check). */
export const attachmentWithTicket = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('support_ticket_attachments as a')
    .innerJoin('support_tickets as t', 't.id', 'a.ticket_id')
    .select(['a.id', 'a.kind', 'a.mime', 'a.name', 'a.file', 'a.size', 't.user_id', 't.shop_id'])
    .where('a.id', '=', id)
    .executeTakeFirst();

// --- Contact messages ----------------------------------------------------------------------------------

export async function insertContactMessage(
  db: DbOrTrx,
  /** Every column but the id and mailed_at (not mailed yet). */
  values: Omit<Selectable<ContactMessagesTable>, 'id' | 'mailed_at'>,
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...values, mailed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const markContactMailed = (db: DbOrTrx, id: number, at: string) =>
  db.updateTable('contact_messages').set({ mailed_at: at }).where('id', '=', id).execute();
