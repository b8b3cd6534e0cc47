import { z } from 'zod';
import { envelope, getQuery } from './common';
import { footerItemTypes, themeColorKeys } from './constants';

export { footerItemTypes, themeColorKeys, type ThemeColorKey } from './constants';

export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  symbol: z.string(),
  symbol_ar: z.string().nullable(),
  position: z.enum(['prefix', 'suffix']),
  is_default: z.boolean(),
  /** Rate against the base used by the back office (kept for existing clients). */
  rate: z.number(),
  /** Multiply an amount in the default currency by this to get this currency. */
  rate_from_default: z.number(),
  decimals: z.number().int().min(0).max(4),
});
export type Currency = z.infer<typeof currencySchema>;

export const languageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  direction: z.enum(['rtl', 'ltr']),
});
export type Language = z.infer<typeof languageSchema>;

export const menuItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  url: z.string(),
  is_external: z.boolean(),
  target: z.enum(['_self', '_blank']),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const footerItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(footerItemTypes),
  title: z.string(),
  url: z.string().nullable(),
  target: z.enum(['_self', '_blank']),
});
export type FooterItem = z.infer<typeof footerItemSchema>;

export const footerGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  items: z.array(footerItemSchema),
});
export type FooterGroup = z.infer<typeof footerGroupSchema>;

export const socialLinkSchema = z.object({ name: z.string(), link: z.string(), logo: z.string() });
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const themeColorsSchema = z.partialRecord(z.enum(themeColorKeys), z.string());
export type ThemeColors = z.infer<typeof themeColorsSchema>;

export const paymentGatewaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  logo: z.string().nullable(),
  is_active: z.boolean(),
});

export const bankSchema = z.object({
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  iban: z.string(),
  note: z.string().nullable(),
});

const socialAuthSchema = z.object({
  is_active: z.boolean(),
  client_id: z.string().nullable(),
  redirect_url: z.string().nullable().optional(),
});

export const otpTypeSchema = z.enum(['email', 'phone']);

export const masterSchema = z.object({
  currency: currencySchema,
  currencies: z.array(currencySchema),
  cash_on_delivery: z.boolean(),
  online_payment: z.boolean(),
  bank_transfer: z.boolean(),
  bank: bankSchema,
  payment_gateways: z.array(paymentGatewaySchema),
  app_name: z.string(),
  /** The site's default language (not the request's): where a first visit starts. */
  app_locale: z.string(),
  app_environment: z.enum(['local', 'production', 'staging', 'test']),
  web_logo: z.string().nullable(),
  web_footer_logo: z.string().nullable(),
  footer_qr: z.string().nullable(),
  web_footer_text: z.string(),
  web_footer_description: z.string().nullable(),
  web_show_footer: z.boolean(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  multi_vendor: z.boolean(),
  social_links: z.array(socialLinkSchema),
  theme_colors: themeColorsSchema,
  pusher_app_key: z.string(),
  pusher_app_cluster: z.string(),
  pusher_host: z.string().nullable(),
  pusher_port: z.number().int().nullable(),
  pusher_tls: z.boolean(),
  show_download_app: z.boolean(),
  google_playstore_link: z.string().nullable(),
  app_store_link: z.string().nullable(),
  register_otp_verify: z.boolean(),
  register_otp_type: otpTypeSchema,
  forgot_otp_type: otpTypeSchema,
  order_place_account_verify: z.boolean(),
  phone_required: z.boolean(),
  phone_min_length: z.number().int(),
  phone_max_length: z.number().int(),
  otp_length: z.number().int(),
  languages: z.array(languageSchema),
  social_auths: z.object({ google: socialAuthSchema, facebook: socialAuthSchema, apple: socialAuthSchema }),
  menus: z.array(menuItemSchema),
  footers: z.array(footerGroupSchema),
  search: z.object({ placeholder: z.string().nullable(), popular: z.array(z.string()) }),
  /** Share of page views (0–1) that report their LCP, INP and CLS to POST /api/vitals; 0 = off. */
  vitals_sample_rate: z.number().min(0).max(1),
});
export type Master = z.infer<typeof masterSchema>;
export const masterResponseSchema = envelope(masterSchema);

export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone_code: z.string(),
  iso2: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const countriesResponseSchema = envelope(z.object({ countries: z.array(countrySchema) }));

export const translationsSchema = z.record(z.string(), z.string());
export type Translations = z.infer<typeof translationsSchema>;

/**
 * Which strings `GET /lang/{locale}` answers (issue 42, decisions 024 and 032): `all` (the default, the
 * address the original web client calls) is our dotted keys and that client's sentence keys; `ours` is our
 * dotted keys alone, the set our storefront loads.
 */
export const langSets = ['all', 'ours'] as const;
export type LangSet = (typeof langSets)[number];
export const langQuery = getQuery(
  z.object({
    /** The version the pages ask for (decision 032): the answer at that address never changes. */
    v: z.string().max(64).optional(),
    set: z.enum(langSets, { error: 'The set must be one of: all, ours.' }).optional().default('all'),
  }),
);
