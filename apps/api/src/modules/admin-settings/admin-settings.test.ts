import {
  adminCurrenciesResponseSchema,
  adminCurrencyResponseSchema,
  adminSettingsResponseSchema,
  adminVatTaxesResponseSchema,
  masterResponseSchema,
  SETTING_GROUPS,
  SETTINGS,
  type AdminSettings,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { makeCustomer, sellerAuth } from '../commerce/test-support';

// The answer cache on (as in production), so that "at once" is proven through both caches of /master.
const app = await createTestApp({ catalogCacheTtlMs: 60_000 });
const operatorId = await testOperator(app.db);
const operator = { authorization: `Bearer ${(await issueToken(app.db, 'operator', operatorId)).token}` };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...auth, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
/** /api/master as a guest sees it (through the answer cache). */
const master = async (locale = 'en') => {
  const res = await app.inject({ url: '/api/master', headers: { 'accept-language': locale } });
  expect(res.statusCode).toBe(200);
  return masterResponseSchema.parse(res.json()).data;
};
const valueOf = (s: AdminSettings, key: string) => s.groups.flatMap((g) => g.settings).find((x) => x.key === key);
const auditOf = (action: string) =>
  app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
const put = async (body: Record<string, unknown>) => call('PUT', '/api/admin/settings', operator, body);

describe('operator settings: who may call', () => {
  it('refuses a missing token (401) and customer and seller tokens (403) on every call', async () => {
    const customer = (await makeCustomer(app)).auth;
    const seller = await sellerAuth(app, 2);
    const calls: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings', { otp_length: 6 }],
      ['GET', '/api/admin/currencies'],
      ['POST', '/api/admin/currencies', { code: 'GBP' }],
      ['PUT', '/api/admin/currencies/1', { name: 'x' }],
      ['GET', '/api/admin/vat-taxes'],
      ['PUT', '/api/admin/vat-taxes', { vat_taxes: [{ id: 1, percentage: 50 }] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, customer, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, seller, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await master()).otp_length).toBe(4);
  });
});

describe('GET /api/admin/settings', () => {
  it('answers every setting of the table, grouped in order, with its type and current value', async () => {
    const res = await call('GET', '/api/admin/settings', operator);
    expect(res.statusCode, res.body).toBe(200);
    const data = adminSettingsResponseSchema.parse(res.json()).data;
    expect(data.groups.map((g) => g.key)).toEqual([...SETTING_GROUPS]);
    expect(data.groups.flatMap((g) => g.settings.map((s) => s.key))).toEqual(SETTINGS.map((s) => s.key));
    expect(valueOf(data, 'app_name')).toMatchObject({ type: 'localized', max: 60, value: { en: 'Souq Oman', ar: 'سوق عُمان' } });
    expect(valueOf(data, 'theme_colors.primary')).toMatchObject({ type: 'color', value: '#0f766e' });
    expect(valueOf(data, 'otp_length')).toMatchObject({ type: 'integer', min: 4, max: 8, value: 4 });
    expect(valueOf(data, 'register_otp_type')).toMatchObject({ type: 'enum', options: ['phone', 'email'], value: 'phone' });
    expect(valueOf(data, 'bank.iban')).toMatchObject({ type: 'iban', value: 'OM810270301012345600100', nullable: true });
    expect(valueOf(data, 'payment_gateways.thawani')).toMatchObject({ type: 'boolean', value: true });
    expect(valueOf(data, 'search.popular')?.value).toEqual({
      en: ['Dates', 'Frankincense', 'Halwa', 'Khanjar'],
      ar: ['تمور', 'لبان', 'حلوى', 'خنجر'],
    });
  });

  it('never answers a secret: only whether the server has it', async () => {
    const secretApp = await createTestApp({
      payments: { ...app.config.payments, stripe: { ...app.config.payments.stripe, secretKey: 'sk_test_do_not_show_4242' } },
    });
    const token = (await issueToken(secretApp.db, 'operator', await testOperator(secretApp.db))).token;
    const res = await secretApp.inject({ url: '/api/admin/settings', headers: { authorization: `Bearer ${token}` } });
    expect(res.body).not.toContain('sk_test_do_not_show_4242');
    const data = adminSettingsResponseSchema.parse(res.json()).data;
    expect(valueOf(data, 'payment_keys.stripe')).toMatchObject({ type: 'secret', value: null, is_set: true });
    expect(valueOf(data, 'payment_keys.thawani')).toMatchObject({ type: 'secret', value: null, is_set: false });
  });
});

describe('PUT /api/admin/settings', () => {
  it('changes only the keys sent, audits them, and /api/master shows the change on the next request', async () => {
    const before = await master('en');
    expect(before.app_name).toBe('Souq Oman');
    // A second read comes from the answer cache.
    const cached = await app.inject({ url: '/api/master', headers: { 'accept-language': 'en' } });
    expect(cached.headers['x-cache']).toBe('hit');

    const res = await put({
      app_name: { en: '  Souq Test ', ar: 'سوق التجربة' },
      'theme_colors.primary': '#AA3300',
      otp_length: 6,
      register_otp_type: 'email',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = adminSettingsResponseSchema.parse(res.json()).data;
    expect(valueOf(data, 'app_name')?.value).toEqual({ en: 'Souq Test', ar: 'سوق التجربة' });
    expect(valueOf(data, 'theme_colors.primary')?.value).toBe('#aa3300');

    const after = await master('en');
    expect(after.app_name).toBe('Souq Test');
    expect((await master('ar')).app_name).toBe('سوق التجربة');
    expect(after.theme_colors.primary).toBe('#aa3300');
    // The other colours of the same stored row are kept.
    expect(after.theme_colors.primary50).toBe(before.theme_colors.primary50);
    expect(after.otp_length).toBe(6);
    expect(after.register_otp_type).toBe('email');
    expect(after.phone_min_length).toBe(before.phone_min_length);
    expect(after.bank).toEqual(before.bank);

    const [entry] = await auditOf('settings.update');
    expect(entry).toMatchObject({ actor_role: 'operator', actor_id: operatorId, target_type: 'settings', target_id: null });
    expect(JSON.parse(entry!.changes)).toEqual({
      app_name: [
        { en: 'Souq Oman', ar: 'سوق عُمان' },
        { en: 'Souq Test', ar: 'سوق التجربة' },
      ],
      'theme_colors.primary': ['#0f766e', '#aa3300'],
      otp_length: [4, 6],
      register_otp_type: ['phone', 'email'],
    });
  });

  it('writes nothing and audits nothing when the values sent are the stored ones', async () => {
    const count = (await auditOf('settings.update')).length;
    const res = await put({ otp_length: 6 });
    expect(res.statusCode).toBe(200);
    expect((await auditOf('settings.update')).length).toBe(count);
  });

  it('answers 422 with an error per key, for every type, and writes none of the body', async () => {
    const res = await put({
      otp_length: 9,
      phone_min_length: 5.5,
      web_show_footer: 'yes',
      register_otp_type: 'sms',
      'theme_colors.primary': 'red',
      google_playstore_link: 'javascript:alert(1)',
      contact_email: 'not-an-email',
      mobile: 'call me',
      'bank.iban': 'OM81',
      app_name: { en: 'x'.repeat(61), ar: 'ok' },
      web_footer_text: null,
      'social_auths.google.client_id': 'a\u0000b',
      web_logo: '../../etc/passwd',
      'search.popular': { en: Array.from({ length: 13 }, (_, i) => `w${i}`), ar: [] },
      'bank.note': 'plain',
      address: { en: 'Muscat', ar: 'مسقط' },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(
      [
        'otp_length',
        'phone_min_length',
        'web_show_footer',
        'register_otp_type',
        'theme_colors.primary',
        'google_playstore_link',
        'contact_email',
        'mobile',
        'bank.iban',
        'app_name',
        'web_footer_text',
        'social_auths.google.client_id',
        'web_logo',
        'search.popular',
        'bank.note',
      ].sort(),
    );
    expect(errors.otp_length).toEqual(['This field must not be greater than 8.']);
    expect(errors['theme_colors.primary']).toEqual(['This field must be a colour like #0f766e.']);
    // The valid key of the refused body was not written either.
    expect((await master('en')).address).toBe('Al Khuwair, Muscat, Oman');
  });

  it('refuses unknown keys, secrets and an empty body with 422', async () => {
    const unknown = await put({ otp_length: 5, not_a_setting: 1, 'bank.swift': 'X' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      not_a_setting: ['This setting does not exist.'],
      'bank.swift': ['This setting does not exist.'],
    });
    expect((await master()).otp_length).toBe(6);
    const secret = await put({ 'payment_keys.stripe': 'sk_live_x' });
    expect(secret.statusCode).toBe(422);
    expect(Object.keys(secret.json().errors)).toEqual(['payment_keys.stripe']);
    const empty = await put({});
    expect(empty.statusCode).toBe(422);
    const array = await call('PUT', '/api/admin/settings', operator, [1, 2]);
    expect(array.statusCode).toBe(422);
  });

  it('checks rules between keys against the stored value of the one not sent', async () => {
    const res = await put({ phone_min_length: 17 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone_min_length: ['The shortest phone number must not be longer than the longest.'] });
    const max = await put({ phone_max_length: 7 });
    expect(Object.keys(max.json().errors)).toEqual(['phone_max_length']);
    // Bank transfer is on in the demo: clearing both the account number and the IBAN is refused.
    const bank = await put({ 'bank.account_number': '', 'bank.iban': null });
    expect(bank.statusCode).toBe(422);
    expect(Object.keys(bank.json().errors)).toEqual(['bank.account_number']);
    const ok = await put({ bank_transfer: false, 'bank.account_number': '', 'bank.iban': null });
    expect(ok.statusCode, ok.body).toBe(200);
    const m = await master();
    expect(m.bank_transfer).toBe(false);
    expect(m.bank.iban).toBe('');
    const on = await put({ bank_transfer: true });
    expect(on.json().errors).toEqual({
      bank_transfer: ['Bank transfer needs the account number or the IBAN of the bank account.'],
    });
    expect((await put({ bank_transfer: true, 'bank.iban': 'om81 0270 3010 1234 5600 100' })).statusCode).toBe(200);
    expect((await master()).bank.iban).toBe('OM810270301012345600100');
  });

  it('clears a nullable setting with an empty value, and switches a payment gateway', async () => {
    expect((await put({ mobile: '  ', web_footer_description: { en: '', ar: '' } })).statusCode).toBe(200);
    const m = await master();
    expect(m.mobile).toBeNull();
    expect(m.web_footer_description).toBeNull();
    expect((await put({ 'payment_gateways.amwal': true, cash_on_delivery: false })).statusCode).toBe(200);
    const row = await app.db
      .selectFrom('payment_gateways')
      .select('is_active')
      .where('name', '=', 'amwal')
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(1);
    const after = await master();
    expect(after.cash_on_delivery).toBe(false);
    // Offered only with its keys on the server (decision 023), whatever the switch says.
    expect(after.payment_gateways.find((g) => g.name === 'amwal')?.is_active).toBe(false);
    expect((await put({ cash_on_delivery: true })).statusCode).toBe(200);
  });
});

describe('currencies', () => {
  const list = async () => {
    const res = await call('GET', '/api/admin/currencies', operator);
    expect(res.statusCode, res.body).toBe(200);
    return adminCurrenciesResponseSchema.parse(res.json()).data;
  };
  const gbp = {
    code: 'gbp',
    name: 'Pound Sterling',
    name_ar: 'جنيه إسترليني',
    symbol: '£',
    symbol_ar: '£',
    rate_from_default: 2.05,
    decimals: 2,
    position: 'prefix',
  };

  it('lists every currency with exactly one default', async () => {
    const data = await list();
    expect(data.total).toBe(5);
    expect(data.currencies.filter((c) => c.is_default).map((c) => c.code)).toEqual(['OMR']);
    expect(data.currencies[1]).toMatchObject({ code: 'USD', rate_from_default: 2.6008, decimals: 2, is_active: true });
  });

  it('adds a currency (201), audited, and /api/master lists it at once', async () => {
    await master();
    const res = await call('POST', '/api/admin/currencies', operator, gbp);
    expect(res.statusCode, res.body).toBe(201);
    const c = adminCurrencyResponseSchema.parse(res.json()).data.currency;
    expect(c).toMatchObject({ code: 'GBP', is_default: false, is_active: true, rate_from_default: 2.05 });
    expect((await master()).currencies.find((x) => x.code === 'GBP')?.rate_from_default).toBe(2.05);
    const [entry] = await auditOf('currency.create');
    expect(entry).toMatchObject({ target_type: 'currency', target_id: c.id });
    expect(JSON.parse(entry!.changes).code).toEqual([null, 'GBP']);
    const again = await call('POST', '/api/admin/currencies', operator, gbp);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: ['This currency is already in the list.'] });
  });

  it('answers 422 per field for a bad currency', async () => {
    const res = await call('POST', '/api/admin/currencies', operator, {
      code: 'POUND',
      name: '',
      rate_from_default: 0,
      decimals: 7,
      position: 'middle',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['code', 'name', 'name_ar', 'symbol', 'symbol_ar', 'rate_from_default', 'decimals', 'position'].sort(),
    );
  });

  it('changes only the fields sent; a rate reaches /api/master at once', async () => {
    const usd = (await list()).currencies.find((c) => c.code === 'USD')!;
    await master();
    const res = await call('PUT', `/api/admin/currencies/${usd.id}`, operator, { rate_from_default: 2.6 });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCurrencyResponseSchema.parse(res.json()).data.currency).toEqual({ ...usd, rate_from_default: 2.6 });
    expect((await master()).currencies.find((c) => c.code === 'USD')?.rate_from_default).toBe(2.6);
    const [entry] = await auditOf('currency.update');
    expect(JSON.parse(entry!.changes)).toEqual({ rate_from_default: [2.6008, 2.6] });
  });

  it('keeps exactly one default: the default cannot be un-defaulted, switched off or re-rated', async () => {
    const omr = (await list()).currencies.find((c) => c.is_default)!;
    const un = await call('PUT', `/api/admin/currencies/${omr.id}`, operator, { is_default: false });
    expect(un.statusCode).toBe(422);
    expect(Object.keys(un.json().errors)).toEqual(['is_default']);
    const off = await call('PUT', `/api/admin/currencies/${omr.id}`, operator, { is_active: false });
    expect(Object.keys(off.json().errors)).toEqual(['is_active']);
    const rate = await call('PUT', `/api/admin/currencies/${omr.id}`, operator, { rate_from_default: 2 });
    expect(Object.keys(rate.json().errors)).toEqual(['rate_from_default']);
    const offNew = await call('POST', '/api/admin/currencies', operator, {
      ...gbp,
      code: 'CHF',
      is_default: true,
      is_active: false,
    });
    expect(Object.keys(offNew.json().errors)).toEqual(['is_active']);
    expect((await list()).currencies.filter((c) => c.is_default).map((c) => c.id)).toEqual([omr.id]);
  });

  it('making one the default un-defaults the other and rebases every rate on it, in one write', async () => {
    const before = (await list()).currencies;
    const usd = before.find((c) => c.code === 'USD')!;
    const omr = before.find((c) => c.code === 'OMR')!;
    await master();
    const res = await call('PUT', `/api/admin/currencies/${usd.id}`, operator, { is_default: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await list()).currencies;
    expect(after.filter((c) => c.is_default).map((c) => c.code)).toEqual(['USD']);
    expect(after.find((c) => c.code === 'USD')!.rate_from_default).toBe(1);
    expect(after.find((c) => c.code === 'OMR')!.rate_from_default).toBeCloseTo(1 / 2.6, 10);
    expect(after.find((c) => c.code === 'SAR')!.rate_from_default).toBeCloseTo(9.7529 / 2.6, 10);
    const m = await master();
    expect(m.currency.code).toBe('USD');
    const omrAudit = (await auditOf('currency.update')).find((e) => e.target_id === omr.id)!;
    expect(JSON.parse(omrAudit.changes).is_default).toEqual([true, false]);
    // Back as it was: OMR the default again, the rates rebased on it.
    expect((await call('PUT', `/api/admin/currencies/${omr.id}`, operator, { is_default: true })).statusCode).toBe(200);
    const back = (await list()).currencies;
    expect(back.filter((c) => c.is_default).map((c) => c.code)).toEqual(['OMR']);
    expect(back.find((c) => c.code === 'USD')!.rate_from_default).toBeCloseTo(2.6, 9);
    expect(back.find((c) => c.code === 'SAR')!.rate_from_default).toBeCloseTo(9.7529, 9);
  });

  it('answers 404 for another id and 422 for a bad value on update', async () => {
    expect((await call('PUT', '/api/admin/currencies/999999', operator, { name: 'X' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/currencies/abc', operator, { name: 'X' })).statusCode).toBe(404);
    const bad = await call('PUT', '/api/admin/currencies/2', operator, { decimals: -1, symbol: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['decimals', 'symbol']);
  });
});

describe('VAT taxes', () => {
  it('lists, changes the fields sent of one tax and adds another in one call, audited', async () => {
    const res = await call('GET', '/api/admin/vat-taxes', operator);
    expect(res.statusCode).toBe(200);
    const { vat_taxes } = adminVatTaxesResponseSchema.parse(res.json()).data;
    expect(vat_taxes).toEqual([
      { id: vat_taxes[0]!.id, name: 'VAT', name_ar: 'ضريبة القيمة المضافة', percentage: 5, is_active: true },
    ]);
    const id = vat_taxes[0]!.id;
    const put = await call('PUT', '/api/admin/vat-taxes', operator, {
      vat_taxes: [
        { id, percentage: 5.25 },
        { name: 'Green levy', name_ar: 'رسم أخضر', percentage: 0.5, is_active: false },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = adminVatTaxesResponseSchema.parse(put.json()).data;
    expect(after.total).toBe(2);
    expect(after.vat_taxes[0]).toMatchObject({ id, name: 'VAT', percentage: 5.25 });
    expect(after.vat_taxes[1]).toMatchObject({ name: 'Green levy', percentage: 0.5, is_active: false });
    const row = await app.db.selectFrom('vat_taxes').select('rate_bp').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.rate_bp).toBe(525);
    expect(JSON.parse((await auditOf('vat_tax.update'))[0]!.changes)).toEqual({ percentage: [5, 5.25] });
    expect((await auditOf('vat_tax.create')).length).toBe(1);
    expect((await call('PUT', '/api/admin/vat-taxes', operator, { vat_taxes: [{ id, percentage: 5 }] })).statusCode).toBe(200);
  });

  it('refuses a bad percentage, a new tax without its fields (422) and another id (404), writing nothing', async () => {
    const bad = await call('PUT', '/api/admin/vat-taxes', operator, {
      vat_taxes: [{ id: 1, percentage: 101 }, { id: 1, percentage: 1.234 }, { name: 'X' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['vat_taxes.0.percentage', 'vat_taxes.1.percentage']);
    const missing = await call('PUT', '/api/admin/vat-taxes', operator, { vat_taxes: [{ name: 'X' }] });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['vat_taxes.0.name_ar', 'vat_taxes.0.percentage']);
    const { vat_taxes } = adminVatTaxesResponseSchema.parse((await call('GET', '/api/admin/vat-taxes', operator)).json()).data;
    const other = await call('PUT', '/api/admin/vat-taxes', operator, {
      vat_taxes: [
        { id: vat_taxes[0]!.id, percentage: 7 },
        { id: 999999, percentage: 1 },
      ],
    });
    expect(other.statusCode).toBe(404);
    const row = await app.db
      .selectFrom('vat_taxes')
      .select('rate_bp')
      .where('id', '=', vat_taxes[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.rate_bp).toBe(500);
  });
});
