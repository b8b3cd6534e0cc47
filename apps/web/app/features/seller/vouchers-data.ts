import type { SellerFlashSale, SellerProductRow, SellerVoucher, SellerVoucherUpdateBody, SellerVouchersAnswer } from '@souq/contracts';
import { SELLER_VOUCHERS_PER_PAGE, VOUCHER_CODE_MAX } from '@souq/contracts/constants';
import type { PageData } from '~/features/account';
import type { Translate } from '~/shared/i18n';
import { actionResult, type ActionResult, type FieldErrors } from '~/shared/ui/form';
import { loadSeller } from './data';
import {
  createSellerVoucher,
  deleteSellerVoucher,
  fetchSellerFlashSales,
  fetchSellerVouchers,
  joinFlashSale,
  leaveFlashSale,
  searchSellerProducts,
  updateSellerVoucher,
} from './vouchers-api';

/**
 * /seller/vouchers and /seller/flash-sales: their loaders and actions (decision 036), and the voucher
 * form's logic (the draft, the API's rules said in the page's language, the body of a create or of a
 * partial update). Times are Oman's (UTC+4 all year), as the rest of the marketplace shows them.
 */

// --- Times --------------------------------------------------------------------------------------------

const MUSCAT_MS = 4 * 60 * 60 * 1000;

/** An ISO moment as a datetime-local value in Oman's time ('2026-12-01T09:30'). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : new Date(t + MUSCAT_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Oman's time, as the API takes it; null when it is none. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const t = Date.parse(`${value}:00+04:00`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** "6 Jan 2026, 09:30" in Oman's time. */
export function formatMoment(iso: string, formatDate: (iso: string) => string, locale = 'en'): string {
  const local = toLocalInput(iso);
  return local ? `${formatDate(iso)}${locale === 'ar' ? '،' : ','} ${local.slice(11, 16)}` : '';
}

// --- The voucher form ----------------------------------------------------------------------------------

export interface VoucherDraft {
  code: string;
  discount_type: 'Percentage' | 'Amount';
  discount: string;
  min_order_amount: string;
  max_discount_amount: string;
  starts_at: string;
  expires_at: string;
  usage_limit: string;
  per_customer_limit: string;
  is_active: boolean;
}

export function emptyDraft(now = Date.now()): VoucherDraft {
  const hour = 60 * 60 * 1000;
  // From this minute (a voucher made now is live at once), for 30 days.
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    code: '',
    discount_type: 'Percentage',
    discount: '',
    min_order_amount: '0',
    max_discount_amount: '',
    starts_at: toLocalInput(new Date(start).toISOString()),
    expires_at: toLocalInput(new Date(start + 30 * 24 * hour).toISOString()),
    usage_limit: '',
    per_customer_limit: '1',
    is_active: true,
  };
}

export function draftOf(v: SellerVoucher): VoucherDraft {
  return {
    code: v.code,
    discount_type: v.discount_type,
    discount: String(v.discount),
    min_order_amount: String(v.min_order_amount),
    max_discount_amount: v.max_discount_amount === null ? '' : String(v.max_discount_amount),
    starts_at: toLocalInput(v.starts_at),
    expires_at: toLocalInput(v.expires_at),
    usage_limit: v.usage_limit === null ? '' : String(v.usage_limit),
    per_customer_limit: String(v.per_customer_limit),
    is_active: v.is_active,
  };
}

const MONEY = /^\d{1,7}(\.\d{1,3})?$/;
const WHOLE = /^\d{1,7}$/;

/** The API's rules, said in the page's language: the errors to show beside the fields (none: {}). */
export function checkVoucher(d: VoucherDraft, t: Translate, isNew: boolean, now = Date.now()): FieldErrors {
  const out: FieldErrors = {};
  const code = d.code.trim();
  if (!code) out.code = t('seller_vouchers.err.code_required');
  else if (code.length > VOUCHER_CODE_MAX || !/^[A-Za-z0-9_-]+$/.test(code)) out.code = t('seller_vouchers.err.code_format');
  const discount = d.discount.trim();
  if (d.discount_type === 'Percentage') {
    if (!WHOLE.test(discount) || Number(discount) < 1 || Number(discount) > 100) out.discount = t('seller_vouchers.err.percent');
  } else if (!MONEY.test(discount) || Number(discount) <= 0) out.discount = t('seller_vouchers.err.amount');
  if (!MONEY.test(d.min_order_amount.trim() || '0')) out.min_order_amount = t('seller_vouchers.err.money');
  const cap = d.max_discount_amount.trim();
  if (cap && (!MONEY.test(cap) || Number(cap) <= 0)) out.max_discount_amount = t('seller_vouchers.err.max_discount');
  const starts = fromLocalInput(d.starts_at);
  const ends = fromLocalInput(d.expires_at);
  if (!starts) out.starts_at = t('seller_vouchers.err.date');
  if (!ends) out.expires_at = t('seller_vouchers.err.date');
  else if (starts && Date.parse(ends) <= Date.parse(starts)) out.expires_at = t('seller_vouchers.err.ends_after');
  else if (isNew && Date.parse(ends) <= now) out.expires_at = t('seller_vouchers.err.ends_future');
  const limit = d.usage_limit.trim();
  if (limit && (!WHOLE.test(limit) || Number(limit) < 1)) out.usage_limit = t('seller_vouchers.err.limit');
  const per = d.per_customer_limit.trim();
  if (!WHOLE.test(per) || Number(per) < 1) out.per_customer_limit = t('seller_vouchers.err.limit');
  return out;
}

/** The body of a create (every field), or of an update (only what differs from `before`). */
export function voucherBody(d: VoucherDraft, before?: VoucherDraft): SellerVoucherUpdateBody {
  const all: Required<SellerVoucherUpdateBody> = {
    code: d.code.trim(),
    discount_type: d.discount_type,
    discount: Number(d.discount.trim()),
    min_order_amount: Number(d.min_order_amount.trim() || '0'),
    max_discount_amount: d.max_discount_amount.trim() ? Number(d.max_discount_amount.trim()) : null,
    starts_at: fromLocalInput(d.starts_at) ?? '',
    expires_at: fromLocalInput(d.expires_at) ?? '',
    usage_limit: d.usage_limit.trim() ? Number(d.usage_limit.trim()) : null,
    per_customer_limit: Number(d.per_customer_limit.trim()),
    is_active: d.is_active,
  };
  if (!before) return all;
  const old = voucherBody(before);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    const was = old[key as keyof SellerVoucherUpdateBody];
    if (key === 'code' ? String(value).toUpperCase() !== String(was).toUpperCase() : value !== was) changed[key] = value;
  }
  // A new type needs its discount with it (the API reads the discount by the type).
  if ('discount_type' in changed) changed.discount = all.discount;
  return changed as SellerVoucherUpdateBody;
}

// --- /seller/vouchers ----------------------------------------------------------------------------------

export const VOUCHERS_PER_PAGE = SELLER_VOUCHERS_PER_PAGE;

export interface SellerVouchersData {
  page: number;
  list: PageData<SellerVouchersAnswer>;
}

export const vouchersPage = (params: URLSearchParams) => Math.max(1, Math.min(100000, Math.floor(Number(params.get('page'))) || 1));

export async function loadSellerVouchers({ request }: { request: Request }): Promise<SellerVouchersData> {
  const page = vouchersPage(new URL(request.url).searchParams);
  return { page, list: await loadSeller(() => fetchSellerVouchers(page, VOUCHERS_PER_PAGE, request.signal)) };
}

/** What the vouchers page's action answers: the voucher written (null: deleted), or the field errors. */
export type VoucherAnswer = ActionResult<{ intent: VoucherIntent; voucher: SellerVoucher | null; code: string }>;
export type VoucherIntent = 'create' | 'update' | 'toggle' | 'delete';

export async function sellerVouchersAction({ request }: { request: Request }): Promise<VoucherAnswer> {
  const form = await request.formData();
  const intent = String(form.get('intent')) as VoucherIntent;
  const id = Number(form.get('id'));
  const code = String(form.get('code') ?? '');
  return actionResult(async () => {
    switch (intent) {
      case 'create':
        return { intent, code, voucher: await createSellerVoucher(JSON.parse(String(form.get('body')))) };
      case 'update':
        return { intent, code, voucher: await updateSellerVoucher(id, JSON.parse(String(form.get('body')))) };
      case 'toggle':
        return { intent, code, voucher: await updateSellerVoucher(id, { is_active: form.get('is_active') === 'true' }) };
      case 'delete':
        return { intent, code, voucher: await deleteSellerVoucher(id) };
      default:
        throw new Error(`Unknown intent ${String(intent)}`);
    }
  });
}

// --- /seller/flash-sales -------------------------------------------------------------------------------

export async function loadSellerFlashSales({ request }: { request: Request }): Promise<PageData<SellerFlashSale[]>> {
  return loadSeller(() => fetchSellerFlashSales(request.signal));
}

export type FlashSaleAnswer = ActionResult<{ intent: 'join' | 'leave'; sale: SellerFlashSale | null }>;

export async function sellerFlashSalesAction({ request }: { request: Request }): Promise<FlashSaleAnswer> {
  const form = await request.formData();
  const saleId = Number(form.get('sale_id'));
  const productId = Number(form.get('product_id'));
  if (form.get('intent') === 'leave')
    return actionResult(async () => {
      await leaveFlashSale(saleId, productId);
      return { intent: 'leave' as const, sale: null };
    });
  return actionResult(async () => ({
    intent: 'join' as const,
    sale: await joinFlashSale(saleId, { product_id: productId, price: Number(form.get('price')) }),
  }));
}

/** /resources/seller-product-options?search=: the join dialog's picker (the shop's active products). */
export async function loadProductOptions({ request }: { request: Request }): Promise<PageData<SellerProductRow[]>> {
  const search = (new URL(request.url).searchParams.get('search') ?? '').trim().slice(0, 100);
  return loadSeller(() => searchSellerProducts(search, request.signal));
}
export const PRODUCT_OPTIONS = '/resources/seller-product-options';
