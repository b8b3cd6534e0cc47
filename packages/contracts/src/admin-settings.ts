import { z } from 'zod';
import { envelope, getQuery } from './common';
import { hasControl, stripInvisible } from './clean';
import { SETTINGS, SETTING_GROUPS } from './admin-settings-table';

export * from './admin-settings-table';

// ---------------------------------------------------------------------------------------------------
// Operator console: settings, currencies and VAT (BACKOFFICE.md "Operator console", issue 37).
//
// SETTINGS (admin-settings-table.ts, without zod: the browser imports it) is the one table of every
// setting `/api/master` announces: its key, its group (a section of the console's form, in this order)
// and its type. The API checks a write with its `checkSetting(def, value)`, and the web form draws its
// fields from the same table and checks them with the same function before sending.
//
// - GET /api/admin/settings → {groups [{key, settings [{key, type, value, is_set?}]}]}. A `secret`
//   (a payment gateway's keys, set in the server's configuration) has no value, only `is_set`.
// - PUT /api/admin/settings {key: value, ...} → the same answer. Only the keys sent change, in one
//   transaction, audited as `settings.update` (`{key: [old, new]}`). 422 with an error per key: an
//   unknown key, a secret, a value not of its type; rules between keys (phone_min_length ≤
//   phone_max_length; bank transfer needs an account number or IBAN) are checked against the stored
//   value of the key not sent. `/api/master` shows the change on the next request, on every instance.
// - GET /api/admin/currencies?page&per_page → {total, currencies}; POST → 201 {currency}; PUT
//   /api/admin/currencies/{id} (partial) → {currency}. Exactly one default: making one the default
//   un-defaults the other and rebases every rate on it (its rate becomes 1), in one transaction; the
//   default cannot be switched off or un-defaulted (422: make another one the default instead).
// - GET /api/admin/vat-taxes → {total, vat_taxes}; PUT /api/admin/vat-taxes {vat_taxes [{id?, name?,
//   name_ar?, percentage?, is_active?}]}: an item with an id changes that tax (the fields sent), one
//   without adds a tax (name, name_ar and percentage required); the checkout uses them at once.
// ---------------------------------------------------------------------------------------------------

const clean = (s: string) => stripInvisible(s).trim();

// --- Answers -------------------------------------------------------------------------------------------

const settingTypeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('boolean') }),
  z.object({ type: z.literal('integer'), min: z.number(), max: z.number() }),
  z.object({ type: z.literal('enum'), options: z.array(z.string()) }),
  z.object({ type: z.literal('color') }),
  z.object({ type: z.literal('url') }),
  z.object({ type: z.literal('email') }),
  z.object({ type: z.literal('phone') }),
  z.object({ type: z.literal('iban') }),
  z.object({ type: z.literal('image') }),
  z.object({ type: z.literal('text'), max: z.number() }),
  z.object({ type: z.literal('localized'), max: z.number(), multiline: z.boolean().optional() }),
  z.object({ type: z.literal('localized_list'), items: z.number(), max: z.number() }),
  z.object({ type: z.literal('secret'), env: z.string() }),
]);

const localizedValue = z.object({ en: z.string(), ar: z.string() });
const localizedListValue = z.object({ en: z.array(z.string()), ar: z.array(z.string()) });

export const adminSettingSchema = z.intersection(
  settingTypeSchema,
  z.object({
    key: z.string(),
    nullable: z.boolean(),
    hint: z.boolean(),
    /** A secret has none (null): see is_set. */
    value: z.union([z.boolean(), z.number(), z.string(), localizedValue, localizedListValue, z.null()]),
    /** Secrets only: whether the server has it. */
    is_set: z.boolean().optional(),
  }),
);
export type AdminSetting = z.infer<typeof adminSettingSchema>;

export const adminSettingsSchema = z.object({
  groups: z.array(z.object({ key: z.enum(SETTING_GROUPS), settings: z.array(adminSettingSchema) })),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsResponseSchema = envelope(adminSettingsSchema);

/** `PUT /api/admin/settings`: the keys to change and their values (each checked by settingValueSchema). */
export const adminSettingsBody = z
  .record(z.string().max(100), z.unknown(), { error: 'Send the settings to change as {key: value}.' })
  .refine((o) => Object.keys(o).length > 0, 'Send at least one setting to change.')
  .refine((o) => Object.keys(o).length <= SETTINGS.length, 'Too many settings.');
export type AdminSettingsBody = Record<string, unknown>;

// --- Currencies ---------------------------------------------------------------------------------------

export const CURRENCY_RATE_MAX = 1_000_000;

export const adminCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  symbol: z.string(),
  symbol_ar: z.string().nullable(),
  rate_from_default: z.number(),
  decimals: z.number().int(),
  position: z.enum(['prefix', 'suffix']),
  is_default: z.boolean(),
  is_active: z.boolean(),
});
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;

const fieldText = (field: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input == null ? `The ${field} field is required.` : `The ${field} field must be text.`) })
    .transform(clean)
    .refine((s) => !hasControl(s), `The ${field} field must not contain control characters.`)
    .refine((s) => s.length > 0, `The ${field} field is required.`)
    .refine((s) => s.length <= max, `The ${field} field must not be greater than ${max} characters.`);

export const adminCurrencyFields = z.object({
  code: z
    .string({ error: 'The code field is required.' })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => /^[A-Z]{3}$/.test(s), 'The code must be three letters (ISO 4217, e.g. USD).'),
  name: fieldText('name', 100),
  name_ar: fieldText('Arabic name', 100),
  symbol: fieldText('symbol', 10),
  symbol_ar: fieldText('Arabic symbol', 10),
  rate_from_default: z
    .number({ error: 'The rate must be a number.' })
    .gt(0, 'The rate must be greater than 0.')
    .max(CURRENCY_RATE_MAX, `The rate must not be greater than ${CURRENCY_RATE_MAX}.`),
  decimals: z
    .number({ error: 'The decimals must be a whole number.' })
    .int('The decimals must be a whole number.')
    .min(0, 'The decimals must be at least 0.')
    .max(4, 'The decimals must not be greater than 4.'),
  position: z.enum(['prefix', 'suffix'], { error: 'The position must be prefix or suffix.' }),
  is_default: z.boolean({ error: 'The default field must be true or false.' }),
  is_active: z.boolean({ error: 'The active field must be true or false.' }),
});
export const adminCurrencyCreateBody = adminCurrencyFields.extend({
  is_default: adminCurrencyFields.shape.is_default.default(false),
  is_active: adminCurrencyFields.shape.is_active.default(true),
  position: adminCurrencyFields.shape.position.default('suffix'),
  decimals: adminCurrencyFields.shape.decimals.default(2),
});
export const adminCurrencyUpdateBody = adminCurrencyFields.partial();
export type AdminCurrencyCreateBody = z.input<typeof adminCurrencyCreateBody>;
export type AdminCurrencyUpdateBody = z.input<typeof adminCurrencyUpdateBody>;

export const adminCurrenciesQuery = getQuery(
  z.object({
    page: z.coerce.number().int().min(1).max(100000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
  }),
);
export const adminCurrencyResponseSchema = envelope(z.object({ currency: adminCurrencySchema }));
export const adminCurrenciesResponseSchema = envelope(
  z.object({ total: z.number().int(), currencies: z.array(adminCurrencySchema) }),
);
export type AdminCurrencies = z.infer<typeof adminCurrenciesResponseSchema>['data'];

// --- VAT ----------------------------------------------------------------------------------------------

export const adminVatTaxSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  /** Percent of the goods after the voucher, two decimals at most (stored as hundredths: 5 → 500). */
  percentage: z.number(),
  is_active: z.boolean(),
});
export type AdminVatTax = z.infer<typeof adminVatTaxSchema>;

const vatItem = z.object({
  id: z.number().int().min(1).max(2_147_483_647).optional(),
  name: fieldText('name', 100).optional(),
  name_ar: fieldText('Arabic name', 100).optional(),
  percentage: z
    .number({ error: 'The percentage must be a number.' })
    .min(0, 'The percentage must be at least 0.')
    .max(100, 'The percentage must not be greater than 100.')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'The percentage must have at most two decimals.')
    .optional(),
  is_active: z.boolean({ error: 'The active field must be true or false.' }).optional(),
});
export const adminVatTaxesBody = z.object({
  vat_taxes: z
    .array(vatItem, { error: 'The vat taxes field must be a list.' })
    .min(1, 'Send at least one VAT tax.')
    .max(20, 'Send at most 20 VAT taxes.'),
});
export type AdminVatTaxesBody = z.input<typeof adminVatTaxesBody>;
export const adminVatTaxesResponseSchema = envelope(z.object({ total: z.number().int(), vat_taxes: z.array(adminVatTaxSchema) }));
export type AdminVatTaxes = z.infer<typeof adminVatTaxesResponseSchema>['data'];
