import type { Country, Currency, Language, Locale, Master } from '@souq/contracts';
import { DEFAULT_LOCALE, themeColorKeys } from '@souq/contracts';
import { configuredGateways, type AppConfig } from '../../config';
import { isOn, type Db } from '../../db';
import type { CurrenciesTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { createTtlCache } from '../../shared/ttl-cache';
import { localized } from '../../shared/localized';
import * as repo from './settings.repository';

/** A text setting may be stored per language: `{"en": "...", "ar": "..."}`. */
export type LocalizedText = string | { en?: string; ar?: string } | null;

export function pickText(value: unknown, locale: Locale): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const s = v[locale] ?? v.en ?? v.ar;
    return typeof s === 'string' ? s : null;
  }
  return String(value);
}

export function toCurrency(row: Selectable<CurrenciesTable>): Currency {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    name_ar: row.name_ar,
    symbol: row.symbol,
    symbol_ar: row.symbol_ar,
    position: row.position,
    is_default: isOn(row.is_default),
    rate: Number(row.rate),
    rate_from_default: Number(row.rate_from_default),
    decimals: row.decimals,
  };
}

const CACHE_MS = 5_000;

export interface SettingsService {
  master(locale: Locale): Promise<Master>;
  languages(): Promise<Language[]>;
  resolveLocale(acceptLanguage: string | undefined): Promise<Locale>;
  countries(locale: Locale): Promise<Country[]>;
  /** Forgets every cached answer (a setting or currency was written): the next request reads the database. */
  invalidate(): void;
}

/**
 * Builds the /master answer from the database. Answers are cached for a few seconds per locale
 * because every server-rendered page needs them.
 */
export function createSettingsService(db: Db, config: AppConfig): SettingsService {
  const cache = createTtlCache<unknown>(CACHE_MS, 100);
  const usableGateways = configuredGateways(config.payments);
  const cached = <T>(key: string, load: () => Promise<T>) => cache.get(key, load) as Promise<T>;

  const languages = () =>
    cached('languages', async () =>
      (await repo.listLanguages(db)).map((l): Language & { is_default: boolean } => ({
        id: l.id,
        name: l.name,
        title: l.title,
        direction: l.direction,
        is_default: isOn(l.is_default),
      })),
    );

  async function resolveLocale(acceptLanguage: string | undefined): Promise<Locale> {
    const langs = await languages();
    const known = new Set(langs.map((l) => l.name));
    for (const part of (acceptLanguage ?? '').split(',')) {
      const code = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
      if (code && known.has(code) && (code === 'ar' || code === 'en')) return code;
    }
    const def = langs.find((l) => l.is_default)?.name;
    return def === 'en' ? 'en' : 'ar';
  }

  async function buildMaster(locale: Locale): Promise<Master> {
    const [s, currencies, langs, menus, footers, footerItems, socialLinks, gateways] = await Promise.all([
      repo.readSettings(db),
      repo.listCurrencies(db),
      languages(),
      repo.listMenus(db),
      repo.listFooters(db),
      repo.listFooterItems(db),
      repo.listSocialLinks(db),
      repo.listPaymentGateways(db),
    ]);
    const text = (k: string) => pickText(s.get(k), locale);
    const bool = (k: string, d = false) => (s.has(k) ? s.get(k) === true : d);
    const num = (k: string, d: number) => (typeof s.get(k) === 'number' ? (s.get(k) as number) : d);
    const cur = currencies.map(toCurrency);
    const def = cur.find((c) => c.is_default) ?? cur[0];
    if (!def) throw new Error('No currency is configured');
    const bank = (s.get('bank') ?? {}) as Record<string, unknown>;
    const themeRaw = (s.get('theme_colors') ?? {}) as Record<string, unknown>;
    const theme: Master['theme_colors'] = {};
    for (const k of themeColorKeys) if (typeof themeRaw[k] === 'string') theme[k] = themeRaw[k] as string;
    const social = (s.get('social_auths') ?? {}) as Record<
      string,
      { is_active?: boolean; client_id?: string; redirect_url?: string }
    >;
    const auth = (p: string) => ({
      is_active: social[p]?.is_active === true,
      client_id: social[p]?.client_id ?? null,
      ...(p === 'apple' ? { redirect_url: social[p]?.redirect_url ?? null } : {}),
    });
    const search = (s.get('search') ?? {}) as { placeholder?: unknown; popular?: unknown };
    const popular = (search.popular ?? {}) as Record<string, unknown>;
    const appEnv = config.appEnv;

    return {
      currency: def,
      currencies: cur,
      cash_on_delivery: bool('cash_on_delivery', true),
      online_payment: bool('online_payment'),
      bank_transfer: bool('bank_transfer'),
      bank: {
        bank_name: pickText(bank.bank_name, locale) ?? '',
        account_name: pickText(bank.account_name, locale) ?? '',
        account_number: String(bank.account_number ?? ''),
        iban: String(bank.iban ?? ''),
        note: pickText(bank.note, locale),
      },
      // Active: switched on in the settings and its keys configured on this server (decision 023), so a
      // gateway offered at checkout can be paid with.
      payment_gateways: gateways.map((g) => ({
        id: g.id,
        name: g.name,
        title: g.title,
        logo: g.logo,
        is_active: isOn(g.is_active) && usableGateways.has(g.name),
      })),
      app_name: text('app_name') ?? 'Souq',
      // The site's default language, whatever the request's: the original client starts a first visit in it
      // (our storefront takes its language from its own request instead).
      app_locale: langs.find((l) => l.is_default)?.name ?? DEFAULT_LOCALE,
      app_environment: appEnv,
      web_logo: text('web_logo'),
      web_footer_logo: text('web_footer_logo'),
      footer_qr: text('footer_qr'),
      web_footer_text: text('web_footer_text') || 'All right reserved by company',
      web_footer_description: text('web_footer_description'),
      web_show_footer: bool('web_show_footer', true),
      mobile: text('mobile'),
      address: text('address'),
      multi_vendor: bool('multi_vendor', true),
      social_links: socialLinks.map((l) => ({ name: l.name, link: l.link, logo: l.logo })),
      theme_colors: theme,
      pusher_app_key: config.realtime.key,
      pusher_app_cluster: config.pusher.cluster,
      // Embedded server: null host and port = the page's own origin (TLS when the site is https);
      // a Pusher-compatible server elsewhere (PUSHER_HOST): where browsers open their socket.
      pusher_host: config.realtime.remote?.wsHost ?? null,
      pusher_port: config.realtime.remote?.wsPort ?? null,
      pusher_tls: config.realtime.remote ? config.realtime.remote.tls : config.publicUrl.startsWith('https:'),
      show_download_app: bool('show_download_app'),
      google_playstore_link: text('google_playstore_link'),
      app_store_link: text('app_store_link'),
      register_otp_verify: bool('register_otp_verify'),
      register_otp_type: s.get('register_otp_type') === 'email' ? 'email' : 'phone',
      forgot_otp_type: s.get('forgot_otp_type') === 'email' ? 'email' : 'phone',
      order_place_account_verify: bool('order_place_account_verify'),
      phone_required: bool('phone_required', true),
      phone_min_length: num('phone_min_length', 8),
      phone_max_length: num('phone_max_length', 16),
      otp_length: num('otp_length', 4),
      languages: langs.map(({ id, name, title, direction }) => ({ id, name, title, direction })),
      social_auths: { google: auth('google'), facebook: auth('facebook'), apple: auth('apple') },
      menus: menus.map((m) => ({
        id: m.id,
        name: m.name,
        name_ar: m.name_ar,
        url: m.url,
        is_external: isOn(m.is_external),
        target: m.target,
      })),
      footers: footers.map((f) => ({
        id: f.id,
        title: localized(f.title, f.title_ar, locale),
        items: footerItems
          .filter((i) => i.footer_id === f.id)
          .map((i) => ({
            id: i.id,
            type: i.type,
            title: localized(i.title, i.title_ar, locale),
            url: i.url,
            target: i.target,
          })),
      })),
      search: {
        placeholder: pickText(search.placeholder, locale),
        popular: Array.isArray(popular[locale]) ? (popular[locale] as string[]) : [],
      },
      vitals_sample_rate: config.vitals.sampleRate,
    };
  }

  return {
    master: (locale) => cached(`master:${locale}`, () => buildMaster(locale)),
    languages: async () => (await languages()).map(({ id, name, title, direction }) => ({ id, name, title, direction })),
    resolveLocale,
    invalidate: () => cache.clear(),
    countries: (locale) =>
      cached(`countries:${locale}`, async () =>
        (await repo.listCountries(db)).map((c) => ({
          id: c.id,
          name: localized(c.name, c.name_ar, locale),
          phone_code: c.phone_code,
          iso2: c.iso2,
        })),
      ),
  };
}
