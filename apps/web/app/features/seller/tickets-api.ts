import type { SellerSupportTicketsAnswer, SupportTicketDetail, TicketMessage, TicketMessagesAnswer } from '@souq/contracts';
import type { TicketMessagesCall, TicketsQuery } from '~/features/support';
import { ApiError, apiHeaders, buildPath, readAnswer } from '~/shared/api';
import { sellerCall } from './api';
import { clearSellerSession, sellerStore } from './store';

/** The seller's support-ticket calls (tickets naming the shop's orders), with the seller's token. */

const path = (ticketNo: string) => `/seller/support-tickets/${encodeURIComponent(ticketNo)}`;

export async function fetchSellerTickets(
  q: TicketsQuery,
  locale: string,
  signal?: AbortSignal,
): Promise<SellerSupportTicketsAnswer> {
  const res = await sellerCall<SellerSupportTicketsAnswer>('/seller/support-tickets', {
    query: { status: q.status ?? undefined, page: q.page, per_page: q.perPage },
    locale,
    signal,
  });
  return res.data;
}

export async function fetchSellerTicket(ticketNo: string, locale: string, signal?: AbortSignal): Promise<SupportTicketDetail> {
  return (await sellerCall<{ support_ticket: SupportTicketDetail }>(path(ticketNo), { locale, signal })).data.support_ticket;
}

export const fetchSellerTicketMessages: TicketMessagesCall = async (ticketNo, page, perPage, locale, signal) =>
  (await sellerCall<TicketMessagesAnswer>(`${path(ticketNo)}/messages`, { query: { page, per_page: perPage }, locale, signal }))
    .data;

/** The shop's answer: text and files as multipart (a 401 ends the seller's session only). */
export async function replyAsSeller(ticketNo: string, form: FormData, locale: string): Promise<TicketMessage> {
  const res = await fetch(buildPath(`${path(ticketNo)}/messages`), {
    method: 'POST',
    headers: apiHeaders(locale, sellerStore.get().token),
    body: form,
  });
  if (res.status === 401) {
    clearSellerSession();
    throw new ApiError(401, 'Unauthenticated.');
  }
  return (await readAnswer<{ data: { message: TicketMessage } }>(res)).data.message;
}

export async function setSellerTicketStatus(
  ticketNo: string,
  status: 'completed' | 'cancel',
  locale: string,
): Promise<SupportTicketDetail> {
  const res = await sellerCall<{ support_ticket: SupportTicketDetail }>(`${path(ticketNo)}/status`, {
    method: 'POST',
    body: { status },
    locale,
  });
  return res.data.support_ticket;
}
