import type { SellerShopProfile, SellerShopUpdateBody } from '@souq/contracts';
import type { PageData } from '~/features/account';
import { actionResult, type ActionResult } from '~/shared/ui/form';
import { loadSeller } from './data';
import { fetchSellerShop, updateSellerShop, uploadShopImage } from './shop-api';

/**
 * /seller/shop's loader and action (decision 036): the shop's profile; the action saves the changed
 * fields (`intent=save`, `changes` as JSON: only what the seller changed is sent) or a new logo or
 * banner (`intent=logo|banner`, the `image` file). After either, the page's loader runs again.
 */

export const clientShopLoader = async ({ request }: { request: Request }): Promise<PageData<SellerShopProfile>> =>
  loadSeller(() => fetchSellerShop(request.signal));

export async function sellerShopAction({ request }: { request: Request }): Promise<ActionResult<SellerShopProfile>> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  if (intent === 'logo' || intent === 'banner') {
    const file = form.get('image');
    return actionResult(() => uploadShopImage(intent, file as File));
  }
  const changes = JSON.parse(String(form.get('changes') ?? '{}')) as SellerShopUpdateBody;
  return actionResult(() => updateSellerShop(changes));
}

/** The profile's editable fields as the form holds them (money as typed text). */
export interface ShopForm {
  name: string;
  name_ar: string;
  short_description: string;
  short_description_ar: string;
  description: string;
  description_ar: string;
  address: string;
  address_ar: string;
  phone: string;
  email: string;
  delivery_charge: string;
  free_delivery_above: string;
  min_order_amount: string;
  estimated_delivery_time: string;
  estimated_delivery_time_ar: string;
  is_open: boolean;
}

export const MONEY_FIELDS = ['delivery_charge', 'free_delivery_above', 'min_order_amount'] as const;

export const shopFormOf = (s: SellerShopProfile): ShopForm => ({
  name: s.name,
  name_ar: s.name_ar ?? '',
  short_description: s.short_description ?? '',
  short_description_ar: s.short_description_ar ?? '',
  description: s.description ?? '',
  description_ar: s.description_ar ?? '',
  address: s.address ?? '',
  address_ar: s.address_ar ?? '',
  phone: s.phone ?? '',
  email: s.email ?? '',
  delivery_charge: String(s.delivery_charge),
  free_delivery_above: String(s.free_delivery_above),
  min_order_amount: String(s.min_order_amount),
  estimated_delivery_time: s.estimated_delivery_time ?? '',
  estimated_delivery_time_ar: s.estimated_delivery_time_ar ?? '',
  is_open: s.is_open,
});

/**
 * The fields that differ from the saved form, as the PUT sends them: texts as typed (an emptied one as
 * null, which clears it), money as numbers (a money field that is no number is sent as typed, for the
 * API to refuse beside the field).
 */
export function changedFields(saved: ShopForm, form: ShopForm): SellerShopUpdateBody {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(form) as Array<keyof ShopForm>) {
    const now = form[key];
    if (now === saved[key]) continue;
    if ((MONEY_FIELDS as readonly string[]).includes(key)) {
      const text = String(now).trim().replace(',', '.');
      const n = Number(text);
      if (text !== '' && Number.isFinite(n) && n === Number(saved[key])) continue;
      out[key] = text !== '' && Number.isFinite(n) ? n : text;
    } else if (typeof now === 'string') {
      out[key] = now.trim() === '' && key !== 'name' && key !== 'name_ar' ? null : now;
    } else out[key] = now;
  }
  return out as SellerShopUpdateBody;
}
