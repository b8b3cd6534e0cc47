import type {
  ContactBody,
  ContactUs,
  Envelope,
  OrdersAnswer,
  SupportTicketDetail,
  SupportTicketShow,
  SupportTicketsAnswer,
  TicketIssueType,
  TicketMessage,
  TicketMessagesAnswer,
  TicketStatusName,
} from '@souq/contracts';
import { TICKET_MESSAGES_PER_PAGE } from '@souq/contracts/constants';
import { accountCall, apiForm } from '~/features/account';
import { api, type ApiContext } from '~/shared/api';
import { sessionToken } from '~/shared/auth-store';
import { documentLocale } from '~/shared/i18n';

/**
 * The support calls (API.md "Support and content"), made by the support pages' loaders and actions: the
 * customer's tickets with the signed-in customer's token (a 401 clears the session, shared/api.ts), in
 * the page's language, and the public contact calls.
 */

export interface TicketsQuery {
  status?: TicketStatusName | null;
  page: number;
  perPage: number;
}

/**
 * One side's ticket calls, by the ticket's number: the customer's below, the seller's in features/seller.
 * The ticket page's loader (support-data.ts) takes either.
 */
export interface TicketCalls {
  ticket(ticketNo: string, signal?: AbortSignal): Promise<SupportTicketDetail>;
  /** A page of the messages, newest first, TICKET_MESSAGES_PER_PAGE a page. */
  messages(ticketNo: string, page: number, signal?: AbortSignal): Promise<TicketMessagesAnswer>;
}

export function fetchTickets(q: TicketsQuery, signal?: AbortSignal): Promise<SupportTicketsAnswer> {
  return accountCall<SupportTicketsAnswer>('/support-tickets', {
    query: { status: q.status ?? undefined, page: q.page, per_page: q.perPage },
    signal,
  });
}

/**
 * The customer's ticket page as the other ticket answers give it: the page's `status` is the original
 * web client's word (pending|confirm|completed|cancel) and ours is `state` (decision 024, issue 42).
 */
export function ticketOfShow(show: SupportTicketShow): SupportTicketDetail {
  return {
    id: show.id,
    ticket_no: show.ticket_no,
    order_number: show.order_number,
    status: show.state,
    subject: show.subject,
    issue_type: show.issue_type,
    created_at: show.created_at,
    created_at_iso: show.created_at_iso,
    last_message_at: show.last_message_at,
    issue_type_id: show.issue_type_id,
    order_id: show.order_id,
    shop: show.shop,
    customer: show.customer,
    updated_at: show.updated_at,
    closed_at: show.closed_at,
    can_reply: show.can_reply,
  };
}

export const customerTicketCalls: TicketCalls = {
  ticket: async (ticketNo, signal) =>
    ticketOfShow(
      (
        await accountCall<{ support_ticket: SupportTicketShow }>('/support-ticket/show', {
          query: { ticket_number: ticketNo },
          signal,
        })
      ).support_ticket,
    ),
  messages: (ticketNo, page, signal) =>
    accountCall<TicketMessagesAnswer>('/support-ticket-messages', {
      query: { ticket_number: ticketNo, page, per_page: TICKET_MESSAGES_PER_PAGE },
      signal,
    }),
};

/** Opens a ticket: the form's fields and files as multipart. */
export async function createTicket(form: FormData): Promise<SupportTicketDetail> {
  return (await apiForm<Envelope<{ support_ticket: SupportTicketDetail }>>('/support-ticket', form)).data.support_ticket;
}

/** Answers a ticket: its number, the text and files as multipart. */
export async function replyToTicket(form: FormData): Promise<TicketMessage> {
  return (await apiForm<Envelope<{ message: TicketMessage }>>('/support-ticket-message', form)).data.message;
}

export async function fetchIssueTypes(signal?: AbortSignal): Promise<TicketIssueType[]> {
  return (await api<Envelope<{ issue_types: TicketIssueType[] }>>('/ticket-issue-types', { locale: documentLocale(), signal }))
    .data.issue_types;
}

/** The customer's latest orders, for the ticket form's order choice. */
export async function fetchRecentOrders(signal?: AbortSignal): Promise<OrdersAnswer['orders']> {
  return (await accountCall<OrdersAnswer>('/orders', { query: { per_page: 50 }, signal })).orders;
}

export async function fetchContactUs(locale: string, context?: ApiContext): Promise<ContactUs> {
  return (await api<Envelope<ContactUs>>('/contact-us', { locale, context })).data;
}

/** Sends the contact form; a signed-in customer's token links the message to the account. */
export async function sendContact(body: ContactBody): Promise<string> {
  const res = await api<{ message?: string }>('/support', {
    method: 'POST',
    body,
    locale: documentLocale(),
    token: sessionToken(),
  });
  return res.message ?? '';
}
