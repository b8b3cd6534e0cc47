import type { AdminDashboard, AdminShop, AdminShops, AdminShopStatus } from '@souq/contracts';
import { adminCall } from './api';

/** The console's dashboard and shops calls (BACKOFFICE.md "Operator console"). */

export async function fetchAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return (await adminCall<AdminDashboard>('/admin/dashboard', { signal })).data;
}

export async function fetchAdminShops(
  q: { status: AdminShopStatus | 'all'; search: string; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<AdminShops> {
  const res = await adminCall<AdminShops>('/admin/shops', {
    query: { status: q.status, search: q.search || undefined, page: q.page, per_page: q.perPage },
    signal,
  });
  return res.data;
}

export async function fetchAdminShop(id: number, signal?: AbortSignal): Promise<AdminShop> {
  return (await adminCall<{ shop: AdminShop }>(`/admin/shops/${id}`, { signal })).data.shop;
}

export type ShopAction = 'approve' | 'reject' | 'suspend' | 'reinstate';

/** Approve, reject {reason}, suspend {reason} or reinstate: the shop as it is now. */
export async function changeAdminShop(id: number, action: ShopAction, reason?: string): Promise<AdminShop> {
  const res = await adminCall<{ shop: AdminShop }>(`/admin/shops/${id}/${action}`, {
    method: 'POST',
    body: reason === undefined ? {} : { reason },
  });
  return res.data.shop;
}
