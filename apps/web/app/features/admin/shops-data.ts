import type { AdminDashboard, AdminShop, AdminShops, AdminShopStatus } from '@souq/contracts';
import { ADMIN_SHOP_STATUSES, ADMIN_SHOPS_PER_PAGE, SHOP_REASON_MAX } from '@souq/contracts/constants';
import type { PageData } from '~/features/account';
import { ApiError } from '~/shared/api';
import type { Translate } from '~/shared/i18n';
import { actionResult, type ActionResult, type FieldErrors } from '~/shared/ui/form';
import { loadAdmin } from './data';
import { changeAdminShop, fetchAdminDashboard, fetchAdminShop, fetchAdminShops, type ShopAction } from './shops-api';

/**
 * The console's dashboard (/admin), shops list (/admin/shops) and one shop (/admin/shops/:id): their
 * loaders and the shop page's action (decision 036), and the addresses they link to.
 */

export const ADMIN_SHOPS = '/admin/shops';
/** The support desk's open tickets (the desk's own screen in the console). */
export const OPEN_TICKETS_HREF = '/admin/support?status=running';
/** The console's orders cancelled after they were paid: where refunds are made. */
export const REFUNDS_DUE_HREF = '/admin/orders?status=cancelled&payment=paid';
export const SHOP_ACTIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const satisfies readonly ShopAction[];
/** The status tabs, applications first. */
export const SHOP_TABS = ['all', 'pending', 'active', 'suspended', 'rejected'] as const;
export type ShopTab = (typeof SHOP_TABS)[number];

// --- The dashboard --------------------------------------------------------------------------------------

export async function loadAdminDashboard({ request }: { request: Request }): Promise<PageData<AdminDashboard>> {
  return loadAdmin(() => fetchAdminDashboard(request.signal), request);
}

// --- The list ---------------------------------------------------------------------------------------------

export interface ShopsParams {
  status: ShopTab;
  search: string;
  page: number;
}

export function shopsParams(params: URLSearchParams): ShopsParams {
  const status = params.get('status') ?? '';
  return {
    status: (SHOP_TABS as readonly string[]).includes(status) ? (status as ShopTab) : 'all',
    search: (params.get('search') ?? '').trim().slice(0, 100),
    page: Math.min(100000, Math.max(1, Math.floor(Number(params.get('page'))) || 1)),
  };
}

export function shopsHref(p: Partial<ShopsParams>): string {
  const q = new URLSearchParams();
  if (p.status && p.status !== 'all') q.set('status', p.status);
  if (p.search) q.set('search', p.search);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${ADMIN_SHOPS}${s ? `?${s}` : ''}`;
}

export interface AdminShopsData extends ShopsParams {
  list: PageData<AdminShops>;
}

export async function loadAdminShops({ request }: { request: Request }): Promise<AdminShopsData> {
  const p = shopsParams(new URL(request.url).searchParams);
  const list = await loadAdmin(() => fetchAdminShops({ ...p, perPage: ADMIN_SHOPS_PER_PAGE }, request.signal), request);
  return { ...p, list };
}

// --- One shop ---------------------------------------------------------------------------------------------

/** The id of the address, or null when it names no shop (the page says so without calling). */
export function shopIdOf(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

export async function loadAdminShop({
  request,
  params,
}: {
  request: Request;
  params: { id?: string };
}): Promise<PageData<AdminShop>> {
  const id = shopIdOf(params.id);
  return loadAdmin(async () => {
    if (id === null) throw new ApiError(404, 'Shop not found.');
    return fetchAdminShop(id, request.signal);
  }, request);
}

/** What the operator may do with a shop in its status (the API's transitions). */
export function actionsFor(status: AdminShopStatus): ShopAction[] {
  switch (status) {
    case 'pending':
      return ['approve', 'reject'];
    case 'active':
      return ['suspend'];
    case 'suspended':
      return ['reinstate'];
    case 'rejected':
      return ['approve'];
  }
}

/** The reason's rules, said in the page's language (none: {}). */
export function checkReason(reason: string, t: Translate): FieldErrors {
  const r = reason.trim();
  if (!r) return { reason: t('admin.shop.reason_required') };
  if (r.length > SHOP_REASON_MAX) return { reason: t('admin.shop.reason_too_long') };
  return {};
}

export type ShopAnswer = ActionResult<{ action: ShopAction; shop: AdminShop }>;

/** The shop page's action: `intent` is the transition; reject and suspend carry `reason`. */
export async function adminShopAction({ request, params }: { request: Request; params: { id?: string } }): Promise<ShopAnswer> {
  const form = await request.formData();
  const action = String(form.get('intent') ?? '') as ShopAction;
  const id = shopIdOf(params.id);
  if (id === null || !(SHOP_ACTIONS as readonly string[]).includes(action)) return { ok: false, errors: {} };
  const reason = action === 'reject' || action === 'suspend' ? String(form.get('reason') ?? '') : undefined;
  return actionResult(async () => ({ action, shop: await changeAdminShop(id, action, reason) }));
}

export { ADMIN_SHOP_STATUSES, ADMIN_SHOPS_PER_PAGE };
