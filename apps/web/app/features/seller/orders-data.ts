import type { OrderDetail, OrdersAnswer, OrderStatusName } from '@souq/contracts';
import { orderStatuses } from '@souq/contracts/constants';
import { errorMessage, type PageData } from '~/features/account';
import { isStatusKey, type TabKey } from '~/features/orders';
import { fetchSellerOrder, fetchSellerOrders, markSellerOrderPaid, setSellerOrderStatus } from './api';
import { loadSeller } from './data';

/**
 * /seller/orders' loader and action (decision 036): the shop's orders of a status tab and page, and the order
 * opened below them (`?status=&page=&order=`); the action moves an order to a status (`intent=status`)
 * or records its bank transfer (`intent=paid`), after which both are loaded again.
 */

export const SELLER_ORDERS_PER_PAGE = 10;
/** The orders' page (the seller centre's first page until the dashboard came, issue 36). */
export const SELLER_ORDERS_PATH = '/seller/orders';

/** The address's tab, page and opened order. */
export function sellerOrdersParams(params: URLSearchParams): { status: TabKey; page: number; orderId: number | null } {
  const raw = params.get('status');
  const order = params.get('order') ?? '';
  return {
    status: isStatusKey(raw) ? raw : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
    orderId: /^\d{1,10}$/.test(order) ? Number(order) : null,
  };
}

/** The address of the list at a tab and page, with an order opened below it. */
export function sellerOrdersHref(tab: TabKey, page = 1, order?: number): string {
  const q = new URLSearchParams();
  if (tab !== 'all') q.set('status', tab);
  if (page > 1) q.set('page', String(page));
  if (order) q.set('order', String(order));
  const s = q.toString();
  return `${SELLER_ORDERS_PATH}${s ? `?${s}` : ''}`;
}

export interface SellerOrdersData {
  status: TabKey;
  page: number;
  orderId: number | null;
  list: PageData<OrdersAnswer>;
  /** The order opened (`?order=`), or null. */
  order: PageData<OrderDetail> | null;
}

export async function loadSellerOrders({ request }: { request: Request }): Promise<SellerOrdersData> {
  const { status, page, orderId } = sellerOrdersParams(new URL(request.url).searchParams);
  const { signal } = request;
  const [list, order] = await Promise.all([
    loadSeller(
      () => fetchSellerOrders({ status: status === 'all' ? null : status, page, perPage: SELLER_ORDERS_PER_PAGE }, signal),
      request,
    ),
    orderId === null ? null : loadSeller(() => fetchSellerOrder(orderId, signal), request),
  ]);
  return { status, page, orderId, list, order };
}

/** What the action answers the order's fetcher: what was done, or why not (shown in the order). */
export type SellerOrderAnswer = { intent: 'status' | 'paid'; error?: string };

export async function sellerOrderAction({ request }: { request: Request }): Promise<SellerOrderAnswer> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = form.get('intent') === 'paid' ? 'paid' : 'status';
  const status = String(form.get('status')) as OrderStatusName;
  try {
    if (intent === 'paid') await markSellerOrderPaid(id);
    else if (orderStatuses.includes(status)) await setSellerOrderStatus(id, status);
    else throw new Error(`Unknown status ${status}`);
    return { intent };
  } catch (e) {
    return { intent, error: errorMessage(e) };
  }
}
