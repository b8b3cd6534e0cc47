import type { AdminCustomer, AdminCustomers, AdminTicketDetail, AdminTicketPage, AdminTickets } from '@souq/contracts';
import { ADMIN_CUSTOMERS_PER_PAGE, ADMIN_SEARCH_MAX, ADMIN_TICKETS_PER_PAGE } from '@souq/contracts/admin-desk-constants';
import { TICKET_STATUSES, type TicketStatusName } from '@souq/contracts/constants';
import type { PageData } from '~/features/account';
import { actionResult, type ActionResult } from '~/shared/ui/form';
import { loadAdmin } from './data';
import {
  answerAsSupport,
  fetchCustomers,
  fetchDeskTicket,
  fetchDeskTickets,
  setCustomerActive,
  setDeskTicketStatus,
} from './desk-api';

/**
 * The support desk's and the customers' loaders and actions (decision 036): each screen reads in its
 * clientLoader and writes in its clientAction (routes/admin/desk-*.tsx).
 */

export const DESK_HOME = '/admin/support';
export const CUSTOMERS_HOME = '/admin/customers';

const pageOf = (params: URLSearchParams) => Math.min(100000, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
const searchOf = (params: URLSearchParams) => (params.get('q') ?? '').trim().slice(0, ADMIN_SEARCH_MAX);

// --- The ticket list ------------------------------------------------------------------------------------

export type DeskTab = 'all' | TicketStatusName;

export interface DeskParams {
  status: DeskTab;
  search: string;
  page: number;
}

export function deskParams(params: URLSearchParams): DeskParams {
  const status = params.get('status');
  return {
    status: (TICKET_STATUSES as readonly string[]).includes(status ?? '') ? (status as TicketStatusName) : 'all',
    search: searchOf(params),
    page: pageOf(params),
  };
}

export function deskHref(p: Partial<DeskParams>): string {
  const q = new URLSearchParams();
  if (p.status && p.status !== 'all') q.set('status', p.status);
  if (p.search) q.set('q', p.search);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${DESK_HOME}${s ? `?${s}` : ''}`;
}

export const deskTicketHref = (ticketNo: string) => `${DESK_HOME}/${encodeURIComponent(ticketNo)}`;

export interface DeskListData extends DeskParams {
  list: PageData<AdminTickets>;
}

export async function loadDeskList({ request }: { request: Request }): Promise<DeskListData> {
  const p = deskParams(new URL(request.url).searchParams);
  const list = await loadAdmin(
    () =>
      fetchDeskTickets(
        { status: p.status === 'all' ? null : p.status, search: p.search, page: p.page, perPage: ADMIN_TICKETS_PER_PAGE },
        request.signal,
      ),
    request,
  );
  return { ...p, list };
}

// --- A ticket ----------------------------------------------------------------------------------------------

export const deskTicketNumberOf = (params: { ticketNumber?: string }) => (params.ticketNumber ?? '').toUpperCase();

export async function loadDeskTicket({ request, params }: { request: Request; params: { ticketNumber?: string } }) {
  return loadAdmin<AdminTicketPage>(() => fetchDeskTicket(deskTicketNumberOf(params), request.signal), request);
}

/** The support team's answer (`intent=reply`, text and files) or a status change (`intent=status`). */
export async function deskTicketAction({
  request,
  params,
}: {
  request: Request;
  params: { ticketNumber?: string };
}): Promise<ActionResult<unknown>> {
  const ticketNo = deskTicketNumberOf(params);
  const form = await request.formData();
  if (form.get('intent') === 'status') {
    const raw = String(form.get('status') ?? '');
    const status = (TICKET_STATUSES as readonly string[]).includes(raw) ? (raw as TicketStatusName) : 'completed';
    return actionResult<AdminTicketDetail>(() => setDeskTicketStatus(ticketNo, status));
  }
  form.delete('intent');
  return actionResult(() => answerAsSupport(ticketNo, form));
}

// --- Customers ------------------------------------------------------------------------------------------

export interface CustomersParams {
  search: string;
  page: number;
}

export const customersParams = (params: URLSearchParams): CustomersParams => ({ search: searchOf(params), page: pageOf(params) });

export function customersHref(p: Partial<CustomersParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set('q', p.search);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${CUSTOMERS_HOME}${s ? `?${s}` : ''}`;
}

export interface CustomersData extends CustomersParams {
  list: PageData<AdminCustomers>;
}

export async function loadCustomers({ request }: { request: Request }): Promise<CustomersData> {
  const p = customersParams(new URL(request.url).searchParams);
  const list = await loadAdmin(() => fetchCustomers({ ...p, perPage: ADMIN_CUSTOMERS_PER_PAGE }, request.signal), request);
  return { ...p, list };
}

/** Deactivates or activates one customer (`id`, `active` = '1' | '0'). */
export async function customersAction({ request }: { request: Request }): Promise<ActionResult<AdminCustomer>> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  return actionResult(() => setCustomerActive(id, form.get('active') === '1'));
}
