// The operator console's settings table (BACKOFFICE.md "Operator console", issue 37): every setting
// `/api/master` announces, its group and its type, and the check of a value by its type. No zod here:
// the browser bundle imports this file (the settings form checks what the API checks, by the same code).
import { hasControl, stripInvisible } from './clean';
import { themeColorKeys } from './constants';

export const SETTING_GROUPS = [
  'site',
  'contact',
  'apps',
  'theme',
  'sign_in',
  'social_sign_in',
  'payments',
  'bank',
  'search',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** A setting's type: what the value is and the bounds it must keep. */
export type SettingType =
  | { type: 'boolean' }
  | { type: 'integer'; min: number; max: number }
  | { type: 'enum'; options: readonly string[] }
  | { type: 'color' }
  | { type: 'url' }
  | { type: 'email' }
  | { type: 'phone' }
  | { type: 'iban' }
  /** A path under /uploads/ or an https address of a picture. */
  | { type: 'image' }
  | { type: 'text'; max: number }
  /** `{en, ar}`, each language's text trimmed, 1 to `max` characters. */
  | { type: 'localized'; max: number; multiline?: boolean }
  /** `{en: [...], ar: [...]}`: at most `items` words or phrases a language, each at most `max` characters. */
  | { type: 'localized_list'; items: number; max: number }
  /** Set in the server's configuration: only whether it is set is shown; never written here. */
  | { type: 'secret'; env: string };

export type SettingDef = SettingType & {
  key: string;
  group: SettingGroup;
  /** May be empty (null). */
  nullable?: boolean;
  /** The form shows a hint under the field (string key `admin.settings.hint.<key>`). */
  hint?: boolean;
};

const bool = (key: string, group: SettingGroup, hint = false): SettingDef => ({ key, group, type: 'boolean', hint });

export const SETTINGS: readonly SettingDef[] = [
  { key: 'app_name', group: 'site', type: 'localized', max: 60 },
  { key: 'web_logo', group: 'site', type: 'image', hint: true },
  { key: 'web_footer_logo', group: 'site', type: 'image', nullable: true, hint: true },
  { key: 'web_footer_text', group: 'site', type: 'localized', max: 200 },
  { key: 'web_footer_description', group: 'site', type: 'localized', max: 500, multiline: true, nullable: true },
  bool('web_show_footer', 'site'),
  bool('multi_vendor', 'site', true),

  { key: 'mobile', group: 'contact', type: 'phone', nullable: true },
  { key: 'whatsapp', group: 'contact', type: 'phone', nullable: true },
  { key: 'contact_email', group: 'contact', type: 'email', nullable: true, hint: true },
  { key: 'address', group: 'contact', type: 'localized', max: 200, nullable: true },

  bool('show_download_app', 'apps'),
  { key: 'google_playstore_link', group: 'apps', type: 'url', nullable: true },
  { key: 'app_store_link', group: 'apps', type: 'url', nullable: true },
  { key: 'footer_qr', group: 'apps', type: 'image', nullable: true, hint: true },

  ...themeColorKeys.map((k): SettingDef => ({ key: `theme_colors.${k}`, group: 'theme', type: 'color' })),

  bool('register_otp_verify', 'sign_in', true),
  { key: 'register_otp_type', group: 'sign_in', type: 'enum', options: ['phone', 'email'] },
  { key: 'forgot_otp_type', group: 'sign_in', type: 'enum', options: ['phone', 'email'] },
  bool('order_place_account_verify', 'sign_in', true),
  bool('phone_required', 'sign_in'),
  { key: 'phone_min_length', group: 'sign_in', type: 'integer', min: 4, max: 20 },
  { key: 'phone_max_length', group: 'sign_in', type: 'integer', min: 4, max: 20 },
  { key: 'otp_length', group: 'sign_in', type: 'integer', min: 4, max: 8, hint: true },

  bool('social_auths.google.is_active', 'social_sign_in'),
  { key: 'social_auths.google.client_id', group: 'social_sign_in', type: 'text', max: 200, nullable: true },
  bool('social_auths.facebook.is_active', 'social_sign_in'),
  { key: 'social_auths.facebook.client_id', group: 'social_sign_in', type: 'text', max: 200, nullable: true },
  bool('social_auths.apple.is_active', 'social_sign_in'),
  { key: 'social_auths.apple.client_id', group: 'social_sign_in', type: 'text', max: 200, nullable: true },
  { key: 'social_auths.apple.redirect_url', group: 'social_sign_in', type: 'url', nullable: true },

  bool('cash_on_delivery', 'payments'),
  bool('bank_transfer', 'payments', true),
  bool('online_payment', 'payments', true),
  bool('payment_gateways.thawani', 'payments'),
  { key: 'payment_keys.thawani', group: 'payments', type: 'secret', env: 'THAWANI_SECRET_KEY, THAWANI_PUBLISHABLE_KEY' },
  bool('payment_gateways.stripe', 'payments'),
  { key: 'payment_keys.stripe', group: 'payments', type: 'secret', env: 'STRIPE_SECRET_KEY' },
  bool('payment_gateways.amwal', 'payments', true),

  { key: 'bank.bank_name', group: 'bank', type: 'localized', max: 100, nullable: true },
  { key: 'bank.account_name', group: 'bank', type: 'localized', max: 100, nullable: true },
  { key: 'bank.account_number', group: 'bank', type: 'text', max: 40, nullable: true },
  { key: 'bank.iban', group: 'bank', type: 'iban', nullable: true },
  { key: 'bank.note', group: 'bank', type: 'localized', max: 300, multiline: true, nullable: true, hint: true },

  { key: 'search.placeholder', group: 'search', type: 'localized', max: 100, nullable: true },
  { key: 'search.popular', group: 'search', type: 'localized_list', items: 12, max: 40, hint: true },
];

export const SETTINGS_BY_KEY: ReadonlyMap<string, SettingDef> = new Map(SETTINGS.map((d) => [d.key, d]));

export type LocalizedValue = { en: string; ar: string };
export type LocalizedListValue = { en: string[]; ar: string[] };
export type SettingValue = boolean | number | string | LocalizedValue | LocalizedListValue | null;

const COLOR = /^#[0-9a-fA-F]{6}$/;
const PHONE = /^\+?[0-9][0-9 ()-]{4,22}[0-9]$/;
const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._~\-/]+$/;
const clean = (s: string) => stripInvisible(s).trim();

/** A value's check: the value to store (trimmed, normalised), or the message to answer on its key. */
export type SettingCheck = { ok: true; value: SettingValue } | { ok: false; message: string };

const bad = (message: string): SettingCheck => ({ ok: false, message });
const good = (value: SettingValue): SettingCheck => ({ ok: true, value });
const REQUIRED = 'This field is required.';

/** A text of at most `max` characters, trimmed, without control characters. */
function plain(raw: unknown, max: number): SettingCheck {
  if (typeof raw !== 'string') return bad('This field must be text.');
  const s = clean(raw);
  if (hasControl(s)) return bad('This field must not contain control characters.');
  if (!s) return bad(REQUIRED);
  if (s.length > max) return bad(`This field must not be greater than ${max} characters.`);
  return good(s);
}
const then = (c: SettingCheck, f: (s: string) => SettingCheck) => (c.ok ? f(c.value as string) : c);

const isWebAddress = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
  } catch {
    return false;
  }
};

/** Whether every entry of a `{en, ar}` value passes `each` (the first message otherwise). */
function pairOf(raw: unknown, each: (v: unknown) => SettingCheck, what: string): SettingCheck {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return bad(`This field must have an English and an Arabic ${what}.`);
  const o = raw as Record<string, unknown>;
  const en = each(o.en);
  if (!en.ok) return en;
  const ar = each(o.ar);
  if (!ar.ok) return ar;
  return good({ en: en.value, ar: ar.value } as SettingValue);
}

function checkType(def: SettingDef, raw: unknown): SettingCheck {
  switch (def.type) {
    case 'boolean':
      return typeof raw === 'boolean' ? good(raw) : bad('This field must be true or false.');
    case 'integer':
      if (typeof raw !== 'number' || !Number.isInteger(raw)) return bad('This field must be a whole number.');
      if (raw < def.min) return bad(`This field must be at least ${def.min}.`);
      if (raw > def.max) return bad(`This field must not be greater than ${def.max}.`);
      return good(raw);
    case 'enum':
      return typeof raw === 'string' && def.options.includes(raw)
        ? good(raw)
        : bad(`This field must be one of: ${def.options.join(', ')}.`);
    case 'color':
      return typeof raw === 'string' && COLOR.test(raw.trim())
        ? good(raw.trim().toLowerCase())
        : bad('This field must be a colour like #0f766e.');
    case 'url':
      return then(plain(raw, 500), (s) =>
        isWebAddress(s) ? good(s) : bad('This field must be an address starting with https://.'),
      );
    case 'image':
      return then(plain(raw, 500), (s) =>
        (UPLOAD_PATH.test(s) && !s.includes('..')) || (s.startsWith('https://') && isWebAddress(s) && !/\s/.test(s))
          ? good(s)
          : bad('This field must be a path under /uploads/ or an https:// address.'),
      );
    case 'email':
      return then(plain(raw, 190), (s) =>
        EMAIL.test(s) ? good(s.toLowerCase()) : bad('This field must be a valid e-mail address.'),
      );
    case 'phone':
      return then(plain(raw, 24), (s) =>
        PHONE.test(s) ? good(s) : bad('This field must be a phone number (digits, spaces, + and -).'),
      );
    case 'iban':
      return then(plain(raw, 42), (s) => {
        const v = s.replace(/\s+/g, '').toUpperCase();
        return IBAN.test(v)
          ? good(v)
          : bad('This field must be an IBAN (two letters, two digits, then 11 to 30 letters or digits).');
      });
    case 'text':
      return plain(raw, def.max);
    case 'localized':
      return pairOf(raw, (v) => plain(v, def.max), 'text');
    case 'localized_list':
      return pairOf(
        raw,
        (v) => {
          if (!Array.isArray(v)) return bad('This field must be a list of words.');
          if (v.length > def.items) return bad(`This field must not have more than ${def.items} entries.`);
          const out: string[] = [];
          for (const item of v) {
            const c = plain(item, def.max);
            if (!c.ok) return c;
            out.push(c.value as string);
          }
          return good(out as unknown as SettingValue);
        },
        'list',
      );
    case 'secret':
      return bad("This is set in the server's configuration, not here.");
  }
}

/**
 * Checks a value sent for a setting by its type. A nullable setting is cleared by `null`, an empty text,
 * or both languages empty.
 */
export function checkSetting(def: SettingDef, raw: unknown): SettingCheck {
  if (def.nullable && def.type !== 'secret') {
    if (raw === null || (typeof raw === 'string' && clean(raw) === '')) return good(null);
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const o = raw as Record<string, unknown>;
      if (typeof o.en === 'string' && typeof o.ar === 'string' && clean(o.en) === '' && clean(o.ar) === '') return good(null);
    }
  }
  if (raw === null || raw === undefined) return bad(REQUIRED);
  return checkType(def, raw);
}
