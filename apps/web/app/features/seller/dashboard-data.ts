import type { SellerDashboard } from '@souq/contracts';
import { redirect } from 'react-router';
import type { PageData } from '~/features/account';
import { fetchSellerDashboard } from './api';
import { loadSeller } from './data';
import { SELLER_ORDERS_PATH } from './orders-data';

/** The orders page's own parameters: an address of /seller with one is a link from before the dashboard. */
const ORDER_PARAMS = ['order', 'status', 'page'];

/**
 * /seller's loader (decision 036): the shop's dashboard. `/seller?order=…` (and `?status=`, `?page=`)
 * was the orders page before the dashboard took its place: such links (chat, e-mails, bookmarks) go on
 * to /seller/orders with their query.
 */
export async function loadSellerDashboard({ request }: { request: Request }): Promise<PageData<SellerDashboard>> {
  const url = new URL(request.url);
  if (ORDER_PARAMS.some((p) => url.searchParams.has(p))) throw redirect(`${SELLER_ORDERS_PATH}${url.search}`);
  return loadSeller(() => fetchSellerDashboard(request.signal), request);
}
