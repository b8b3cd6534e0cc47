import type {
  AdminCustomer,
  AdminCustomers,
  AdminTicketDetail,
  AdminTicketPage,
  AdminTickets,
  Envelope,
  TicketMessage,
  TicketStatusName,
} from '@souq/contracts';
import { apiMultipart } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { adminCall } from './api';
import { adminToken, clearAdminSession } from './store';

/** The support desk's and the customers' calls (BACKOFFICE.md "Operator console"), with the operator's token. */

const ticketPath = (ticketNo: string) => `/admin/support-tickets/${encodeURIComponent(ticketNo)}`;

export async function fetchDeskTickets(
  q: { status: TicketStatusName | null; search: string; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<AdminTickets> {
  const res = await adminCall<AdminTickets>('/admin/support-tickets', {
    query: { status: q.status ?? undefined, search: q.search || undefined, page: q.page, per_page: q.perPage },
    signal,
  });
  return res.data;
}

export async function fetchDeskTicket(ticketNo: string, signal?: AbortSignal): Promise<AdminTicketPage> {
  return (await adminCall<AdminTicketPage>(ticketPath(ticketNo), { signal })).data;
}

/** The support team's answer: text and files as multipart. */
export async function answerAsSupport(ticketNo: string, form: FormData): Promise<TicketMessage> {
  const res = await apiMultipart<Envelope<{ message: TicketMessage }>>(`${ticketPath(ticketNo)}/messages`, form, {
    locale: documentLocale(),
    token: adminToken(),
    onUnauthorized: clearAdminSession,
  });
  return res.data.message;
}

export async function setDeskTicketStatus(ticketNo: string, status: TicketStatusName): Promise<AdminTicketDetail> {
  const res = await adminCall<{ support_ticket: AdminTicketDetail }>(`${ticketPath(ticketNo)}/status`, {
    method: 'POST',
    body: { status },
  });
  return res.data.support_ticket;
}

export async function fetchCustomers(q: { search: string; page: number; perPage: number }, signal?: AbortSignal) {
  const res = await adminCall<AdminCustomers>('/admin/customers', {
    query: { search: q.search || undefined, page: q.page, per_page: q.perPage },
    signal,
  });
  return res.data;
}

export async function setCustomerActive(id: number, active: boolean): Promise<AdminCustomer> {
  const res = await adminCall<{ customer: AdminCustomer }>(`/admin/customers/${id}/${active ? 'activate' : 'deactivate'}`, {
    method: 'POST',
  });
  return res.data.customer;
}
