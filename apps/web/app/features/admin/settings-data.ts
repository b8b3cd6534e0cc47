import { checkSetting, SETTINGS_BY_KEY } from '@souq/contracts/admin-settings-table';
import type {
  AdminCurrencies,
  AdminCurrency,
  AdminCurrencyCreateBody,
  AdminCurrencyUpdateBody,
  AdminSetting,
  AdminSettings,
  AdminVatTaxes,
  AdminVatTaxesBody,
  SettingDef,
  SettingValue,
} from '@souq/contracts';
import type { PageData } from '~/features/account';
import { actionResult, type ActionResult } from '~/shared/ui/form';
import { adminCall } from './api';
import { loadAdmin } from './data';

// --- Calls ----------------------------------------------------------------------------------------------

export const fetchAdminSettings = async (signal?: AbortSignal) =>
  (await adminCall<AdminSettings>('/admin/settings', { signal })).data;
export const saveAdminSettings = async (changes: Record<string, unknown>) =>
  (await adminCall<AdminSettings>('/admin/settings', { method: 'PUT', body: changes })).data;
export const fetchAdminCurrencies = async (signal?: AbortSignal) =>
  (await adminCall<AdminCurrencies>('/admin/currencies', { query: { per_page: 100 }, signal })).data;
export const createAdminCurrency = async (body: AdminCurrencyCreateBody) =>
  (await adminCall<{ currency: AdminCurrency }>('/admin/currencies', { method: 'POST', body })).data.currency;
export const updateAdminCurrency = async (id: number, body: AdminCurrencyUpdateBody) =>
  (await adminCall<{ currency: AdminCurrency }>(`/admin/currencies/${id}`, { method: 'PUT', body })).data.currency;
export const fetchAdminVat = async (signal?: AbortSignal) =>
  (await adminCall<AdminVatTaxes>('/admin/vat-taxes', { signal })).data;
export const saveAdminVat = async (body: AdminVatTaxesBody) =>
  (await adminCall<AdminVatTaxes>('/admin/vat-taxes', { method: 'PUT', body })).data;

// --- /admin/settings ------------------------------------------------------------------------------------

export const loadAdminSettings = ({ request }: { request: Request }): Promise<PageData<AdminSettings>> =>
  loadAdmin(() => fetchAdminSettings(request.signal), request);

/** The save bar's submit: `changes` is the JSON of the changed keys only. */
export async function adminSettingsAction({ request }: { request: Request }): Promise<ActionResult<AdminSettings>> {
  const form = await request.formData();
  const changes = JSON.parse(String(form.get('changes') ?? '{}')) as Record<string, unknown>;
  return actionResult(() => saveAdminSettings(changes));
}

/** A setting as the form holds it: switches as booleans, texts as typed, lists one entry a line. */
export type FormValue = boolean | string | { en: string; ar: string };
export type SettingsForm = Record<string, FormValue>;

export function formValueOf(s: AdminSetting): FormValue | undefined {
  const v = s.value;
  switch (s.type) {
    case 'secret':
      return undefined;
    case 'boolean':
      return v === true;
    case 'localized': {
      const o = (v ?? { en: '', ar: '' }) as { en: string; ar: string };
      return { en: o.en, ar: o.ar };
    }
    case 'localized_list': {
      const o = (v ?? { en: [], ar: [] }) as { en: string[]; ar: string[] };
      return { en: o.en.join('\n'), ar: o.ar.join('\n') };
    }
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

export function settingsFormOf(s: AdminSettings): SettingsForm {
  const out: SettingsForm = {};
  for (const g of s.groups)
    for (const item of g.settings) {
      const v = formValueOf(item);
      if (v !== undefined) out[item.key] = v;
    }
  return out;
}

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** What the API is sent for a form value (an integer as a number when it reads as one). */
export function sentValueOf(def: SettingDef, v: FormValue): unknown {
  if (def.type === 'localized_list' && typeof v === 'object') return { en: lines(v.en), ar: lines(v.ar) };
  if (def.type === 'integer' && typeof v === 'string') {
    const n = Number(v.trim());
    return v.trim() !== '' && Number.isFinite(n) ? n : v;
  }
  if (typeof v === 'string' && v.trim() === '' && def.nullable) return null;
  return v;
}

/** The keys whose value differs from the saved one, with what to send. */
export function changedSettings(saved: SettingsForm, form: SettingsForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    const def = SETTINGS_BY_KEY.get(key);
    if (!def) continue;
    const was = saved[key];
    if (was !== undefined && JSON.stringify(sentValueOf(def, was)) === JSON.stringify(sentValueOf(def, value))) continue;
    out[key] = sentValueOf(def, value);
  }
  return out;
}

type T = (key: string, vars?: Record<string, string | number>) => string;

/** The message a value that its type refuses shows, in the page's language (the API checks the same list). */
function typeMessage(def: SettingDef, value: unknown, t: T): string {
  const pair = typeof value === 'object' && value !== null ? (value as { en?: unknown; ar?: unknown }) : null;
  const empty = value === null || value === '' || (pair !== null && (!pair.en || !pair.ar));
  switch (def.type) {
    case 'integer':
      return t('admin.settings.error.integer', { min: def.min, max: def.max });
    case 'color':
      return t('admin.settings.error.color');
    case 'url':
      return empty ? t('admin.settings.error.required') : t('admin.settings.error.url');
    case 'image':
      return empty ? t('admin.settings.error.required') : t('admin.settings.error.image');
    case 'email':
      return empty ? t('admin.settings.error.required') : t('admin.settings.error.email');
    case 'phone':
      return empty ? t('admin.settings.error.required') : t('admin.settings.error.phone');
    case 'iban':
      return empty ? t('admin.settings.error.required') : t('admin.settings.error.iban');
    case 'localized_list':
      return t('admin.settings.error.words', { items: def.items, max: def.max });
    case 'text':
    case 'localized':
      return empty ? t('admin.settings.error.required') : t('admin.settings.error.max', { max: def.max });
    default:
      return t('admin.settings.error.required');
  }
}

/**
 * What the browser can tell before sending: each changed key checked by the contract's own check of its
 * type (the API runs the same function), and the shortest phone number against the longest.
 */
export function settingsErrors(changes: Record<string, unknown>, form: SettingsForm, t: T): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(changes)) {
    const def = SETTINGS_BY_KEY.get(key);
    if (!def) continue;
    if (!checkSetting(def, value).ok) out[key] = typeMessage(def, value, t);
  }
  const min = Number(form.phone_min_length);
  const max = Number(form.phone_max_length);
  if (!out.phone_min_length && !out.phone_max_length && Number.isInteger(min) && Number.isInteger(max) && min > max) {
    const on = 'phone_min_length' in changes ? 'phone_min_length' : 'phone_max_length';
    out[on] = t('admin.settings.error.phone_lengths');
  }
  return out;
}

/** The value a key would have after the write, typed as the API answers it (for previews). */
export const previewValue = (def: SettingDef, v: FormValue) => sentValueOf(def, v) as SettingValue;

// --- /admin/currencies ----------------------------------------------------------------------------------

export interface CurrenciesPage {
  currencies: PageData<AdminCurrencies>;
  vat: PageData<AdminVatTaxes>;
}

export async function loadAdminCurrencies({ request }: { request: Request }): Promise<CurrenciesPage> {
  const [currencies, vat] = await Promise.all([
    loadAdmin(() => fetchAdminCurrencies(request.signal), request),
    loadAdmin(() => fetchAdminVat(request.signal), request),
  ]);
  return { currencies, vat };
}

export type CurrenciesActionResult = ActionResult<{ intent: string; code?: string }>;

/** The page's writes: `intent` create | update | default | vat, `body` the JSON sent. */
export async function adminCurrenciesAction({ request }: { request: Request }): Promise<CurrenciesActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const body = JSON.parse(String(form.get('body') ?? '{}')) as Record<string, unknown>;
  const id = Number(form.get('id'));
  return actionResult(async () => {
    if (intent === 'create') return { intent, code: (await createAdminCurrency(body as AdminCurrencyCreateBody)).code };
    if (intent === 'update') return { intent, code: (await updateAdminCurrency(id, body)).code };
    if (intent === 'default') return { intent, code: (await updateAdminCurrency(id, { is_default: true })).code };
    await saveAdminVat(body as AdminVatTaxesBody);
    return { intent: 'vat' };
  });
}

/** A currency's fields as its dialog holds them (numbers as typed). */
export interface CurrencyForm {
  code: string;
  name: string;
  name_ar: string;
  symbol: string;
  symbol_ar: string;
  rate_from_default: string;
  decimals: string;
  position: 'prefix' | 'suffix';
  is_active: boolean;
}

export const currencyFormOf = (c: AdminCurrency | null): CurrencyForm => ({
  code: c?.code ?? '',
  name: c?.name ?? '',
  name_ar: c?.name_ar ?? '',
  symbol: c?.symbol ?? '',
  symbol_ar: c?.symbol_ar ?? '',
  rate_from_default: c ? String(c.rate_from_default) : '',
  decimals: c ? String(c.decimals) : '2',
  position: c?.position ?? 'suffix',
  is_active: c?.is_active ?? true,
});

const num = (s: string) => {
  const n = Number(s.trim().replace(',', '.'));
  return s.trim() !== '' && Number.isFinite(n) ? n : s;
};

/** A currency's body: every field on create, only the changed ones on update. */
export function currencyBody(form: CurrencyForm, before: AdminCurrency | null): Record<string, unknown> {
  const all: Record<string, unknown> = {
    code: form.code.trim(),
    name: form.name,
    name_ar: form.name_ar,
    symbol: form.symbol,
    symbol_ar: form.symbol_ar,
    rate_from_default: num(form.rate_from_default),
    decimals: num(form.decimals),
    position: form.position,
    is_active: form.is_active,
  };
  if (!before) return all;
  const was = currencyFormOf(before);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(all) as Array<keyof CurrencyForm>) if (form[key] !== was[key]) out[key] = all[key];
  return out;
}
