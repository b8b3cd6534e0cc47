import type {
  ContactBody,
  ContactUs,
  OrdersAnswer,
  SupportTicketDetail,
  SupportTicketsAnswer,
  TicketIssueType,
  TicketMessage,
  TicketMessagesAnswer,
  TicketStatusName,
} from '@souq/contracts';
import { apiForm } from '~/features/account';
import { api, type ApiContext } from '~/shared/api';
import { authStore } from '~/shared/auth-store';

/**
 * The support calls (API.md "Support and content"): the customer's tickets with the signed-in
 * customer's token (a 401 clears the session, shared/api.ts), and the public contact calls.
 */
interface Envelope<T> {
  message?: string;
  data: T;
}

const token = () => authStore.get().token;

export interface TicketsQuery {
  status?: TicketStatusName | null;
  page: number;
  perPage: number;
}

export async function fetchTickets(q: TicketsQuery, locale: string, signal?: AbortSignal): Promise<SupportTicketsAnswer> {
  const res = await api<Envelope<SupportTicketsAnswer>>('/support-tickets', {
    query: { status: q.status ?? undefined, page: q.page, per_page: q.perPage },
    locale,
    token: token(),
    signal,
  });
  return res.data;
}

export async function fetchTicket(ticketNo: string, locale: string, signal?: AbortSignal): Promise<SupportTicketDetail> {
  const res = await api<Envelope<{ support_ticket: SupportTicketDetail }>>('/support-ticket/show', {
    query: { ticket_number: ticketNo },
    locale,
    token: token(),
    signal,
  });
  return res.data.support_ticket;
}

/**
 * A page of a ticket's messages. The customer's call below and the seller's (features/seller) have this
 * one shape, so that the ticket page (ticket-screens.tsx) takes either.
 */
export type TicketMessagesCall = (
  ticketNo: string,
  page: number,
  perPage: number,
  locale: string,
  signal?: AbortSignal,
) => Promise<TicketMessagesAnswer>;

export const fetchTicketMessages: TicketMessagesCall = async (ticketNo, page, perPage, locale, signal) => {
  const res = await api<Envelope<TicketMessagesAnswer>>('/support-ticket-messages', {
    query: { ticket_number: ticketNo, page, per_page: perPage },
    locale,
    token: token(),
    signal,
  });
  return res.data;
};

/** Opens a ticket: the form's fields and files as multipart. */
export async function createTicket(form: FormData, locale: string): Promise<{ ticket: SupportTicketDetail; message: string }> {
  const res = await apiForm<Envelope<{ support_ticket: SupportTicketDetail }>>('/support-ticket', form, {
    locale,
    token: token(),
  });
  return { ticket: res.data.support_ticket, message: res.message ?? '' };
}

/** Answers a ticket: text and files as multipart. */
export async function replyToTicket(form: FormData, locale: string): Promise<TicketMessage> {
  const res = await apiForm<Envelope<{ message: TicketMessage }>>('/support-ticket-message', form, { locale, token: token() });
  return res.data.message;
}

export async function fetchIssueTypes(locale: string, signal?: AbortSignal): Promise<TicketIssueType[]> {
  return (await api<Envelope<{ issue_types: TicketIssueType[] }>>('/ticket-issue-types', { locale, signal })).data.issue_types;
}

/** The customer's latest orders, for the ticket form's order choice. */
export async function fetchRecentOrders(locale: string, signal?: AbortSignal): Promise<OrdersAnswer['orders']> {
  const res = await api<Envelope<OrdersAnswer>>('/orders', { query: { per_page: 50 }, locale, token: token(), signal });
  return res.data.orders;
}

export async function fetchContactUs(locale: string, context?: ApiContext): Promise<ContactUs> {
  return (await api<Envelope<ContactUs>>('/contact-us', { locale, context })).data;
}

/** Sends the contact form; a signed-in customer's token links the message to the account. */
export async function sendContact(body: ContactBody, locale: string): Promise<string> {
  const res = await api<{ message?: string }>('/support', { method: 'POST', body, locale, token: token() });
  return res.message ?? '';
}
