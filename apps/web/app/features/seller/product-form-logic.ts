import type { SellerProduct, SellerProductUpdateBody } from '@souq/contracts';
import { MONEY_DECIMALS, MONEY_MAX, PRODUCT_IMAGE_MAX_BYTES } from '@souq/contracts/constants';

/**
 * The product form's logic, apart from React (unit-tested): the form's values as the inputs hold them
 * (strings), the body they make, the fields changed since the product was loaded (a PUT sends only
 * those), the saving a discount gives, the checks made before sending, and where the server's 422
 * messages go.
 */

export interface VariantRow {
  /** The colour's or size's id as the select holds it ('' = none chosen yet). */
  id: string;
  /** Extra price, as typed. */
  price: string;
}

export interface ProductFormValues {
  name: string;
  name_ar: string;
  short_description: string;
  short_description_ar: string;
  description: string;
  description_ar: string;
  category_id: string;
  sub_category_id: string;
  brand_id: string;
  unit_id: string;
  price: string;
  discount_price: string;
  quantity: string;
  colors: VariantRow[];
  sizes: VariantRow[];
  video_url: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  is_active: boolean;
}

export type ProductField = keyof ProductFormValues;

export const emptyProduct: ProductFormValues = {
  name: '',
  name_ar: '',
  short_description: '',
  short_description_ar: '',
  description: '',
  description_ar: '',
  category_id: '',
  sub_category_id: '',
  brand_id: '',
  unit_id: '',
  price: '',
  discount_price: '0',
  quantity: '0',
  colors: [],
  sizes: [],
  video_url: '',
  meta_title: '',
  meta_description: '',
  meta_keywords: '',
  is_active: true,
};

const MINOR = 10 ** MONEY_DECIMALS;
/** An amount shown in a field with the currency's decimals trimmed of trailing zeros (4.5, not 4.500). */
const amountText = (n: number) => String(Number(n.toFixed(MONEY_DECIMALS)));
const idText = (n: number | null) => (n === null ? '' : String(n));

/** The form's values of a loaded product. */
export function valuesOf(p: SellerProduct): ProductFormValues {
  return {
    name: p.name,
    name_ar: p.name_ar,
    short_description: p.short_description ?? '',
    short_description_ar: p.short_description_ar ?? '',
    description: p.description ?? '',
    description_ar: p.description_ar ?? '',
    category_id: String(p.category_id),
    sub_category_id: idText(p.sub_category_id),
    brand_id: idText(p.brand_id),
    unit_id: idText(p.unit_id),
    price: amountText(p.price),
    discount_price: amountText(p.discount_price),
    quantity: String(p.quantity),
    colors: p.colors.map((c) => ({ id: String(c.id), price: amountText(c.price) })),
    sizes: p.sizes.map((s) => ({ id: String(s.id), price: amountText(s.price) })),
    video_url: p.video_url ?? '',
    meta_title: p.meta_title ?? '',
    meta_description: p.meta_description ?? '',
    meta_keywords: p.meta_keywords ?? '',
    is_active: p.is_active,
  };
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * A number as a seller may type it: Arabic-Indic or Persian digits, the Arabic decimal separator (٫) or a
 * comma for the point, spaces around; NaN when it is not a number, null when empty.
 */
export function parseNumber(text: string): number | null {
  const plain = text
    .trim()
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/[٫,]/g, '.');
  if (plain === '') return null;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(plain)) return NaN;
  return Number(plain);
}

const hasTooManyDecimals = (n: number) => Math.abs(n * MINOR - Math.round(n * MINOR)) > 1e-6;
const toMinor = (n: number) => Math.round(n * MINOR);

const textOrNull = (s: string) => (s.trim() === '' ? null : s.trim());
const idOrNull = (s: string) => (s === '' ? null : Number(s));
/** What a money field sends: the number when it is one (0 when empty), else the text for the server to refuse. */
const amountOf = (s: string, empty = 0) => {
  const n = parseNumber(s);
  return n === null ? empty : Number.isNaN(n) ? (s as unknown as number) : n;
};
const variantsOf = (rows: VariantRow[]) =>
  rows.filter((r) => r.id !== '').map((r) => ({ id: Number(r.id), price: amountOf(r.price) }));

/** The body the form's values make: every field, empty text as null, numbers parsed. */
export function bodyOf(v: ProductFormValues): Required<SellerProductUpdateBody> {
  return {
    name: v.name.trim(),
    name_ar: v.name_ar.trim(),
    short_description: textOrNull(v.short_description),
    short_description_ar: textOrNull(v.short_description_ar),
    description: textOrNull(v.description),
    description_ar: textOrNull(v.description_ar),
    category_id: Number(v.category_id),
    sub_category_id: idOrNull(v.sub_category_id),
    brand_id: idOrNull(v.brand_id),
    unit_id: idOrNull(v.unit_id),
    price: amountOf(v.price),
    discount_price: amountOf(v.discount_price),
    quantity: amountOf(v.quantity),
    colors: variantsOf(v.colors),
    sizes: variantsOf(v.sizes),
    video_url: textOrNull(v.video_url),
    meta_title: textOrNull(v.meta_title),
    meta_description: textOrNull(v.meta_description),
    meta_keywords: textOrNull(v.meta_keywords),
    is_active: v.is_active,
  };
}

/** What a create sends: the body without the empty optional fields. */
export function createBodyOf(v: ProductFormValues) {
  const body: Record<string, unknown> = bodyOf(v);
  for (const [k, value] of Object.entries(body)) if (value === null) delete body[k];
  return body as ReturnType<typeof bodyOf>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields changed since the product was loaded (a partial PUT sends only these): the form's body
 * compared with the loaded product's, field by field. Empty when nothing changed.
 */
export function changedFields(values: ProductFormValues, loaded: SellerProduct): SellerProductUpdateBody {
  const now = bodyOf(values);
  const before = bodyOf(valuesOf(loaded));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof typeof now)[]) if (!same(now[key], before[key])) out[key] = now[key];
  return out as SellerProductUpdateBody;
}

/** The saving a discounted price gives: amount (exact in minor units) and whole percent; null without one. */
export function savingOf(priceText: string, discountText: string): { amount: number; percent: number } | null {
  const price = parseNumber(priceText);
  const discount = parseNumber(discountText);
  if (price === null || discount === null || Number.isNaN(price) || Number.isNaN(discount)) return null;
  if (price <= 0 || discount <= 0 || discount >= price) return null;
  const amount = (toMinor(price) - toMinor(discount)) / MINOR;
  return { amount, percent: Math.round((amount / price) * 100) };
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;
export type FormErrors = Partial<Record<string, string>>;

const VIDEO = /^https:\/\/(www\.)?(youtube\.com|youtu\.be|m\.youtube\.com|vimeo\.com|player\.vimeo\.com)\//i;

function moneyError(text: string, t: Translate, { required = false, positive = false } = {}): string | undefined {
  const n = parseNumber(text);
  if (n === null) return required ? t('sprod.err_required') : undefined;
  if (Number.isNaN(n)) return t('sprod.err_number');
  if (hasTooManyDecimals(n)) return t('sprod.err_decimals');
  if (n > MONEY_MAX) return t('sprod.err_too_large');
  if (positive && n <= 0) return t('sprod.err_price_positive');
  return undefined;
}

function variantsError(rows: VariantRow[], t: Translate): string | undefined {
  if (rows.some((r) => r.id === '')) return t('sprod.err_choose_row');
  if (new Set(rows.map((r) => r.id)).size !== rows.length) return t('sprod.err_duplicate');
  for (const r of rows) {
    const e = moneyError(r.price, t);
    if (e) return e;
  }
  return undefined;
}

/**
 * The checks made before sending (the server makes them again): required fields, numbers, a discount
 * below the price, colour and size rows. Answers a message per field that fails, in the page's language.
 */
export function validateProduct(v: ProductFormValues, t: Translate): FormErrors {
  const e: FormErrors = {};
  if (!v.name.trim()) e.name = t('sprod.err_required');
  if (!v.name_ar.trim()) e.name_ar = t('sprod.err_required');
  if (!v.category_id) e.category_id = t('sprod.err_required');
  e.price = moneyError(v.price, t, { required: true, positive: true });
  e.discount_price = moneyError(v.discount_price, t);
  if (!e.price && !e.discount_price) {
    const price = parseNumber(v.price)!;
    const discount = parseNumber(v.discount_price) ?? 0;
    if (discount > 0 && toMinor(discount) >= toMinor(price)) e.discount_price = t('sprod.err_discount_below');
  }
  const q = parseNumber(v.quantity);
  if (q === null || Number.isNaN(q) || !Number.isInteger(q)) e.quantity = t('sprod.err_quantity');
  else if (q > 1_000_000) e.quantity = t('sprod.err_too_large');
  e.colors = variantsError(v.colors, t);
  e.sizes = variantsError(v.sizes, t);
  if (v.video_url.trim() && !VIDEO.test(v.video_url.trim())) e.video_url = t('sprod.err_video');
  for (const k of Object.keys(e)) if (!e[k]) delete e[k];
  return e;
}

const FIELDS = new Set<string>(Object.keys(emptyProduct));

/**
 * Where each message of a 422 goes: a field of the form keeps its name; a row's message
 * (`colors.0.price`, `sizes.1.id`) goes to its list; anything else (`images`, a field the form has not)
 * is `_form`, shown above the form. The first message of each wins.
 */
export function serverErrors(errors: Record<string, string[] | undefined>): FormErrors {
  const out: FormErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages?.[0];
    if (!message) continue;
    const head = key.split(/[.[]/)[0]!;
    const field = FIELDS.has(head) ? head : '_form';
    out[field] ??= message;
  }
  return out;
}

/** The kinds of picture the API takes (it checks the content too). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');

/** Why a chosen file cannot be a product picture (checked before it is sent), or null. */
export function pictureProblem(file: { name: string; type: string; size: number }, t: Translate): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return t('sprod.file_type', { name: file.name });
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return t('sprod.file_size', { name: file.name });
  return null;
}

/** The list with the item at `from` moved to `to` (both clamped). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const target = Math.max(0, Math.min(out.length - 1, to));
  if (from < 0 || from >= out.length || target === from) return out;
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item!);
  return out;
}
