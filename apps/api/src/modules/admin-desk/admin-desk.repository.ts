import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { DbOrTrx } from '../../db';
import type { TicketStatus } from '../../db/support-schema';

/** SQL of the operator console's support desk and customers (BACKOFFICE.md "Operator console"). */

/** `%text%` for LIKE, its own `%`, `_` and `\` taken literally (with `escape '\'`), lower-cased. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(column) like pattern escape '\'`, the same in both databases. */
const likeLower = (column: Expression<unknown>, pattern: string) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

/** The digits of a search, when it has at least three (a phone number, or part of one). */
const digitsOf = (text: string) => {
  const d = text.replace(/\D/g, '');
  return d.length >= 3 ? d : null;
};

// --- Tickets -----------------------------------------------------------------------------------------

export interface TicketFilter {
  status?: TicketStatus;
  search?: string;
}

type TicketEb = ExpressionBuilder<Database & { t: Database['support_tickets']; u: Database['users'] }, 't' | 'u'>;

/** A search matches the ticket's number, its subject, or its customer's name, e-mail or phone. */
function ticketSearch(eb: TicketEb, search: string) {
  const pattern = containsPattern(search);
  const digits = digitsOf(search);
  const ors: Array<Expression<SqlBool>> = [
    eb('t.ticket_no', '=', search.toUpperCase()),
    likeLower(eb.ref('t.subject'), pattern),
    likeLower(eb.ref('u.name'), pattern),
    likeLower(eb.ref('u.email'), pattern),
  ];
  if (digits) ors.push(eb('u.phone', 'like', containsPattern(digits)));
  return eb.or(ors);
}

const ticketsFrom = (db: DbOrTrx, search: string | undefined) => {
  let q = db.selectFrom('support_tickets as t').innerJoin('users as u', 'u.id', 't.user_id');
  if (search) q = q.where((eb) => ticketSearch(eb as unknown as TicketEb, search));
  return q;
};

/** One page of every ticket (newest activity first, ties by id) and the counts by status of those matching the search. */
export async function listTickets(db: DbOrTrx, f: TicketFilter, page: number, perPage: number) {
  let rowsQ = ticketsFrom(db, f.search)
    .leftJoin('ticket_issue_types as it', 'it.id', 't.issue_type_id')
    .leftJoin('shops as s', 's.id', 't.shop_id')
    .select([
      't.id',
      't.ticket_no',
      't.order_code',
      't.status',
      't.subject',
      't.created_at',
      't.last_message_at',
      't.user_id',
      'u.name as customer_name',
      't.shop_id',
      's.name as shop_name',
      's.name_ar as shop_name_ar',
      'it.name as issue_name',
      'it.name_ar as issue_name_ar',
    ]);
  if (f.status) rowsQ = rowsQ.where('t.status', '=', f.status);
  const [rows, counts] = await Promise.all([
    rowsQ
      .orderBy('t.last_message_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    ticketsFrom(db, f.search)
      .select(['t.status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('t.status')
      .execute(),
  ]);
  return { rows, counts: new Map(counts.map((c) => [c.status, Number(c.n)])) };
}

/** A ticket by its number, whoever's it is, with its customer, shop and issue type. */
export const findTicket = (db: DbOrTrx, ticketNo: string) =>
  db
    .selectFrom('support_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('ticket_issue_types as it', 'it.id', 't.issue_type_id')
    .leftJoin('shops as s', 's.id', 't.shop_id')
    .select([
      't.id',
      't.ticket_no',
      't.order_id',
      't.order_code',
      't.status',
      't.subject',
      't.issue_type_id',
      't.closed_by',
      't.closed_at',
      't.created_at',
      't.updated_at',
      't.last_message_at',
      't.user_id',
      'u.name as customer_name',
      'u.email as customer_email',
      'u.phone as customer_phone',
      'u.phone_code as customer_phone_code',
      'u.is_active as customer_active',
      't.shop_id',
      's.name as shop_name',
      's.name_ar as shop_name_ar',
      's.logo as shop_logo',
      'it.name as issue_name',
      'it.name_ar as issue_name_ar',
    ])
    .where('t.ticket_no', '=', ticketNo)
    .executeTakeFirst();
export type DeskTicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/** The order a ticket names, with its shop. */
export const orderBrief = (db: DbOrTrx, orderId: number) =>
  db
    .selectFrom('orders as o')
    .innerJoin('shops as s', 's.id', 'o.shop_id')
    .select([
      'o.id',
      'o.order_code',
      'o.order_status',
      'o.payment_status',
      'o.payment_method',
      'o.payable_amount',
      'o.created_at',
      's.id as shop_id',
      's.name as shop_name',
      's.name_ar as shop_name_ar',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();

/** The newest `limit` messages of a ticket, oldest first, and how many it has. */
export async function conversation(db: DbOrTrx, ticketId: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('support_ticket_messages')
      .select(['id', 'sender', 'message', 'created_at'])
      .where('ticket_id', '=', ticketId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('support_ticket_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.reverse(), total: Number(count.n) };
}

/**
 * Sets a ticket's status when it is still `from` (the update takes the row's lock, so an answer and a
 * status change at the same moment apply one after the other); false when it changed meanwhile.
 */
export async function setStatus(db: DbOrTrx, ticketId: number, from: TicketStatus, to: TicketStatus, now: string) {
  const res = await db
    .updateTable('support_tickets')
    .set(
      to === 'running'
        ? { status: to, closed_by: null, closed_at: null, updated_at: now }
        : { status: to, closed_by: 'support', closed_at: now, updated_at: now },
    )
    .where('id', '=', ticketId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- Customers ---------------------------------------------------------------------------------------

type UserEb = ExpressionBuilder<Database & { u: Database['users'] }, 'u'>;

/** What a whole phone number is written with (digits, maybe +968, spaces, dashes, brackets). */
const PHONE = /^[+\d\s()-]+$/;

function customerSearch(eb: UserEb, search: string) {
  const pattern = containsPattern(search);
  const digits = digitsOf(search);
  // A whole phone number (8 digits or more, nothing else): the customer by the phone index, its number
  // stored without the country code (the last 8 to 10 digits) or as written. A part of a number, or any
  // other search, is looked for in every customer's name, e-mail and phone (a scan: bench/console.mjs).
  if (digits && digits.length >= 8 && PHONE.test(search))
    return eb('u.phone', 'in', [...new Set([digits, digits.slice(-8), digits.slice(-9), digits.slice(-10)])]);
  const ors: Array<Expression<SqlBool>> = [likeLower(eb.ref('u.name'), pattern), likeLower(eb.ref('u.email'), pattern)];
  if (digits) ors.push(eb('u.phone', 'like', containsPattern(digits)));
  return eb.or(ors);
}

const customersFrom = (db: DbOrTrx, search: string | undefined) => {
  const q = db.selectFrom('users as u');
  return search ? q.where((eb) => customerSearch(eb as unknown as UserEb, search)) : q;
};

const customerColumns = (eb: UserEb) =>
  [
    'u.id',
    'u.name',
    'u.phone',
    'u.phone_code',
    'u.email',
    'u.is_active',
    'u.created_at',
    // Counted through the index orders_user_status (user_id first), for the page's rows only.
    eb
      .selectFrom('orders as o')
      .select((o) => o.fn.countAll<number | string>().as('n'))
      .whereRef('o.user_id', '=', 'u.id')
      .as('orders_count'),
  ] as const;

/** One page of the customers (newest first) and how many match. */
export async function listCustomers(db: DbOrTrx, search: string | undefined, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    customersFrom(db, search)
      .select((eb) => customerColumns(eb as unknown as UserEb))
      .orderBy('u.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    customersFrom(db, search)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findCustomer = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('users as u')
    .select((eb) => customerColumns(eb as unknown as UserEb))
    .where('u.id', '=', id)
    .executeTakeFirst();
export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;

/** Switches a customer on or off; false when it already was. */
export async function setCustomerActive(db: DbOrTrx, id: number, active: boolean, now: string) {
  const res = await db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .where('is_active', '=', active ? 0 : 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
