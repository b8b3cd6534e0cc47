import type { SellerSupportTicketsAnswer, SupportTicketDetail, TicketMessage, TicketMessagesAnswer } from '@souq/contracts';
import { TICKET_MESSAGES_PER_PAGE } from '@souq/contracts/constants';
import type { TicketCalls, TicketsQuery } from '~/features/support';
import { sellerCall, sellerForm } from './api';

/** The seller's support-ticket calls (tickets naming the shop's orders), with the seller's token. */

const path = (ticketNo: string) => `/seller/support-tickets/${encodeURIComponent(ticketNo)}`;

export async function fetchSellerTickets(q: TicketsQuery, signal?: AbortSignal): Promise<SellerSupportTicketsAnswer> {
  const res = await sellerCall<SellerSupportTicketsAnswer>('/seller/support-tickets', {
    query: { status: q.status ?? undefined, page: q.page, per_page: q.perPage },
    signal,
  });
  return res.data;
}

export const sellerTicketCalls: TicketCalls = {
  ticket: async (ticketNo, signal) =>
    (await sellerCall<{ support_ticket: SupportTicketDetail }>(path(ticketNo), { signal })).data.support_ticket,
  messages: async (ticketNo, page, signal) =>
    (
      await sellerCall<TicketMessagesAnswer>(`${path(ticketNo)}/messages`, {
        query: { page, per_page: TICKET_MESSAGES_PER_PAGE },
        signal,
      })
    ).data,
};

/** The shop's answer: text and files as multipart. */
export async function replyAsSeller(ticketNo: string, form: FormData): Promise<TicketMessage> {
  return (await sellerForm<{ message: TicketMessage }>(`${path(ticketNo)}/messages`, form)).data.message;
}

export async function setSellerTicketStatus(ticketNo: string, status: 'completed' | 'cancel'): Promise<SupportTicketDetail> {
  const res = await sellerCall<{ support_ticket: SupportTicketDetail }>(`${path(ticketNo)}/status`, {
    method: 'POST',
    body: { status },
  });
  return res.data.support_ticket;
}
