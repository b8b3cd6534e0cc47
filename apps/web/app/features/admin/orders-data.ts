import type { AdminOrder, AdminOrders } from '@souq/contracts';
import { ADMIN_ORDERS_PER_PAGE, ADMIN_ORDER_SEARCH_MAX, PAYMENT_STATUS_KEYS } from '@souq/contracts/admin-orders-constants';
import { orderStatusKeys } from '@souq/contracts/constants';
import type { PageData } from '~/features/account';
import { actionResult, type ActionResult } from '~/shared/ui/form';
import { adminCall } from './api';
import { loadAdmin } from './data';

/** The console's orders (BACKOFFICE.md "Operator console"): /admin/orders and /admin/orders/:id. */

export const ADMIN_ORDERS = '/admin/orders';
type OrderStatusKey = (typeof orderStatusKeys)[number];
type PaymentKey = (typeof PAYMENT_STATUS_KEYS)[number];

export interface OrdersParams {
  status: OrderStatusKey | null;
  payment: PaymentKey | null;
  shop: number | null;
  q: string;
  page: number;
}

export function ordersParams(params: URLSearchParams): OrdersParams {
  const status = params.get('status') ?? '';
  const payment = params.get('payment') ?? '';
  const shop = Number(params.get('shop'));
  return {
    status: (orderStatusKeys as readonly string[]).includes(status) ? (status as OrderStatusKey) : null,
    payment: (PAYMENT_STATUS_KEYS as readonly string[]).includes(payment) ? (payment as PaymentKey) : null,
    shop: Number.isInteger(shop) && shop > 0 && shop < 2 ** 31 ? shop : null,
    q: (params.get('q') ?? '').trim().slice(0, ADMIN_ORDER_SEARCH_MAX),
    page: Math.min(100000, Math.max(1, Math.floor(Number(params.get('page'))) || 1)),
  };
}

export function ordersHref(p: Partial<OrdersParams>): string {
  const q = new URLSearchParams();
  if (p.q) q.set('q', p.q);
  if (p.status) q.set('status', p.status);
  if (p.payment) q.set('payment', p.payment);
  if (p.shop) q.set('shop', String(p.shop));
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${ADMIN_ORDERS}${s ? `?${s}` : ''}`;
}

export async function fetchAdminOrders(p: OrdersParams, signal?: AbortSignal): Promise<AdminOrders> {
  const res = await adminCall<AdminOrders>('/admin/orders', {
    query: {
      order_status: p.status ?? undefined,
      payment_status: p.payment ?? undefined,
      shop_id: p.shop ?? undefined,
      search: p.q || undefined,
      page: p.page,
      per_page: ADMIN_ORDERS_PER_PAGE,
    },
    signal,
  });
  return res.data;
}

export async function fetchAdminOrder(id: number, signal?: AbortSignal): Promise<AdminOrder> {
  return (await adminCall<{ order: AdminOrder }>(`/admin/orders/${id}`, { signal })).data.order;
}

/** Refunds (or records the refund of) an order; `key` makes a repeat of the same submit refund once. */
export async function refundAdminOrder(id: number, body: { amount?: number; reason: string }, key: string): Promise<AdminOrder> {
  const res = await adminCall<{ order: AdminOrder }>(`/admin/orders/${id}/refund`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
  return res.data.order;
}

export interface OrdersData extends OrdersParams {
  list: PageData<AdminOrders>;
}

export async function loadAdminOrders({ request }: { request: Request }): Promise<OrdersData> {
  const p = ordersParams(new URL(request.url).searchParams);
  const list = await loadAdmin(() => fetchAdminOrders(p, request.signal), request);
  return { ...p, list };
}

export interface OrderData {
  id: number;
  order: PageData<AdminOrder>;
}

export async function loadAdminOrder({ request, params }: { request: Request; params: { id?: string } }): Promise<OrderData> {
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  if (!id) return { id, order: { error: 'not_found', status: 404 } };
  return { id, order: await loadAdmin(() => fetchAdminOrder(id, request.signal), request) };
}

export type RefundAnswer = ActionResult<{ order: AdminOrder; amount: number }>;

/** The refund dialog's action: the amount (empty: all that is left), the reason, the dialog's own key. */
export async function adminOrderAction({
  request,
  params,
}: {
  request: Request;
  params: { id?: string };
}): Promise<RefundAnswer> {
  const form = await request.formData();
  const id = Number(params.id);
  const raw = String(form.get('amount') ?? '').trim();
  const amount = raw === '' ? undefined : Number(raw);
  const reason = String(form.get('reason') ?? '');
  const key = String(form.get('key') ?? '');
  return actionResult(async () => {
    const order = await refundAdminOrder(id, { ...(amount === undefined ? {} : { amount }), reason }, key);
    const last = order.refund.refunds[0];
    return { order, amount: last?.amount ?? amount ?? 0 };
  });
}

/** What a failed load shows: a missing order as "not found", anything else as the error. */
export const isNotFound = (order: PageData<unknown>) =>
  order.error !== undefined && (order.status === 404 || order.error === 'not_found');

/** Reads a number the way the dialog's field shows it (Latin or Arabic-Indic digits, `.` or `٫`). */
export function parseAmount(text: string): number {
  const latin = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/٫/g, '.');
  return /^\d+(\.\d{1,3})?$/.test(latin) ? Number(latin) : NaN;
}
