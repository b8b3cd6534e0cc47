import type { OrderSummary, SupportTicketDetail, SupportTicketsAnswer, TicketIssueType, TicketMessage } from '@souq/contracts';
import { TICKET_MESSAGES_PER_PAGE, TICKETS_PER_PAGE } from '@souq/contracts/constants';
import { actionResult, type ActionResult } from '~/shared/ui/form';
import { createTicket, fetchIssueTypes, fetchRecentOrders, sendContact, type TicketCalls, type TicketsQuery } from './api';
import type { TicketTab } from './status';
import { ticketListParams } from './ticket-list';

/**
 * The support screens' loaders and actions (decision 036), for the customer's routes and the seller's:
 * each side passes its own calls and session (routes/account/support-*, routes/seller/support-*).
 */

// --- Ticket lists -----------------------------------------------------------------------------------

/** A ticket list as its loader read it: the tab and page of the address, and the API's answer. */
export interface TicketListData<A extends SupportTicketsAnswer> {
  status: TicketTab;
  page: number;
  answer: A;
}

export async function loadTicketList<A extends SupportTicketsAnswer>(
  request: Request,
  load: (q: TicketsQuery, signal?: AbortSignal) => Promise<A>,
): Promise<TicketListData<A>> {
  const { status, page } = ticketListParams(new URL(request.url).searchParams);
  const answer = await load({ status: status === 'all' ? null : status, page, perPage: TICKETS_PER_PAGE }, request.signal);
  return { status, page, answer };
}

// --- A ticket's page ----------------------------------------------------------------------------------

/** A ticket and the pages of its conversation shown, oldest message first. */
export interface TicketPageData {
  ticket: SupportTicketDetail;
  messages: TicketMessage[];
  /** All the ticket's messages (more than shown: "Earlier messages" asks for the next page). */
  total: number;
  /** How many pages of messages are shown (`?pages=`, put there by "Earlier messages"). */
  pages: number;
}

/** The ticket's number in the address (`:ticketNumber`), as the API writes it. */
export const ticketNumberOf = (params: { ticketNumber?: string }) => (params.ticketNumber ?? '').toUpperCase();

/** The address that shows one more page of a ticket's messages. */
export const earlierSearch = (pages: number) => `?pages=${pages + 1}`;

export async function loadTicketPage(calls: TicketCalls, ticketNo: string, request: Request): Promise<TicketPageData> {
  const { signal } = request;
  const asked = Math.max(1, Number(new URL(request.url).searchParams.get('pages')) || 1);
  const [ticket, first] = await Promise.all([calls.ticket(ticketNo, signal), calls.messages(ticketNo, 1, signal)]);
  const pages = Math.min(asked, Math.max(1, Math.ceil(first.total / TICKET_MESSAGES_PER_PAGE)));
  const older = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => calls.messages(ticketNo, i + 2, signal)));
  // Newest-first pages into one oldest-first list, by id (a message that moved to the next page meanwhile shows once).
  const byId = new Map<number, TicketMessage>();
  for (const answer of [first, ...older]) for (const m of answer.messages) byId.set(m.id, m);
  const messages = [...byId.values()].sort((a, b) => a.id - b.id);
  return { ticket, messages, total: first.total, pages };
}

/** An answer to a ticket (the form's text and files), sent by one side's call; its 422s show under the fields. */
export async function replyAction(form: FormData, send: (form: FormData) => Promise<TicketMessage>) {
  form.delete('intent');
  return actionResult(() => send(form));
}

// --- Opening a ticket -----------------------------------------------------------------------------------

/** Where the new-ticket dialog reads its choices (routes/resources/ticket-options.ts). */
export const TICKET_OPTIONS = '/resources/ticket-options';

/** The issue types (null: they could not be read) and the customer's latest orders. */
export interface TicketOptions {
  types: TicketIssueType[] | null;
  orders: OrderSummary[];
}

export async function loadTicketOptions({ request }: { request: Request }): Promise<TicketOptions> {
  const [types, orders] = await Promise.all([
    fetchIssueTypes(request.signal).catch(() => null),
    // Without the orders the ticket can still be opened (the order is optional).
    fetchRecentOrders(request.signal).catch(() => []),
  ]);
  return { types, orders };
}

/** The choices do not change after an action of the page (a ticket opened): the dialog loads them when it opens. */
export const ticketOptionsShouldRevalidate = () => false;

/** Opens a ticket: the dialog's fields and files, as multipart. */
export async function createTicketAction({ request }: { request: Request }): Promise<ActionResult<SupportTicketDetail>> {
  const form = await request.formData();
  return actionResult(() => createTicket(form));
}

// --- The contact form -----------------------------------------------------------------------------------

export async function contactAction({ request }: { request: Request }): Promise<ActionResult<string>> {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  return actionResult(() =>
    sendContact({
      name: text('name'),
      email: text('email') || null,
      phone: text('phone') || null,
      subject: text('subject'),
      message: text('message'),
    }),
  );
}
