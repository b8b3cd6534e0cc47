import { countriesResponseSchema, masterResponseSchema, themeColorKeys } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, testDialect } from './helpers';

const app = await createTestApp();

async function master(lang?: string) {
  const res = await app.inject({ url: '/api/master', headers: lang ? { 'accept-language': lang } : {} });
  expect(res.statusCode).toBe(200);
  return masterResponseSchema.parse(res.json()).data;
}

describe(`GET /api/master (${testDialect()})`, () => {
  it('answers every site setting of SPEC §3 from the database', async () => {
    const m = await master('en');
    expect(m.currency).toMatchObject({
      code: 'OMR',
      name: 'Omani Rial',
      name_ar: 'ريال عماني',
      symbol_ar: 'ر.ع.',
      position: 'suffix',
      is_default: true,
      rate_from_default: 1,
      decimals: 3,
    });
    expect(m.currencies.map((c) => c.code)).toEqual(['OMR', 'USD', 'SAR', 'AED', 'EUR']);
    expect(m.currencies.find((c) => c.code === 'USD')).toMatchObject({
      symbol: '$',
      position: 'prefix',
      decimals: 2,
      rate_from_default: 2.6008,
    });
    expect(m.currencies.filter((c) => c.is_default)).toHaveLength(1);
    expect([m.cash_on_delivery, m.online_payment, m.bank_transfer]).toEqual([true, true, true]);
    expect(m.bank).toEqual({
      bank_name: 'Bank Muscat',
      account_name: 'Souq Oman LLC',
      account_number: '0301-0123456-001',
      iban: 'OM810270301012345600100',
      note: 'Write your order number in the transfer reference.',
    });
    // Active only with its keys configured on the server (decision 023); the test server has none.
    expect(m.payment_gateways.map((g) => [g.name, g.is_active])).toEqual([
      ['thawani', false],
      ['stripe', false],
      ['amwal', false],
    ]);
    expect(m.app_name).toBe('Souq Oman');
    // The site's default language, not the request's (issue 19).
    expect(m.app_locale).toBe('ar');
    expect(m.app_environment).toBe('test');
    expect(m.web_logo).toBe('/uploads/brand/logo.svg');
    expect(m.web_footer_logo).toBe('/uploads/brand/logo-footer.svg');
    expect(m.footer_qr).toBe('/uploads/brand/app-qr.svg');
    expect(m.web_footer_text).toBe('All right reserved by Souq Oman');
    expect(m.web_footer_description).toBe('The marketplace of Omani shops.');
    expect(m.web_show_footer).toBe(true);
    expect(m.mobile).toBe('+968 2456 7890');
    expect(m.address).toBe('Al Khuwair, Muscat, Oman');
    expect(m.multi_vendor).toBe(true);
    expect(m.social_links.map((s) => s.name)).toEqual(['Instagram', 'X', 'Facebook', 'YouTube']);
    expect(m.social_links.every((s) => s.link.startsWith('https://') && s.logo.startsWith('/uploads/'))).toBe(true);
    expect(Object.keys(m.theme_colors).sort()).toEqual([...themeColorKeys].sort());
    expect(m.pusher_app_key).toBeTruthy();
    expect(m.pusher_app_cluster).toBeTruthy();
    expect(m.show_download_app).toBe(true);
    expect(m.google_playstore_link).toMatch(/^https:\/\/play\.google\.com\//);
    expect(m.app_store_link).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(m.register_otp_verify).toBe(true);
    expect(m.register_otp_type).toBe('phone');
    expect(m.forgot_otp_type).toBe('phone');
    expect(m.order_place_account_verify).toBe(false);
    expect([m.phone_required, m.phone_min_length, m.phone_max_length, m.otp_length]).toEqual([true, 8, 16, 4]);
    expect(m.languages).toEqual([
      { id: expect.any(Number), name: 'ar', title: 'العربية', direction: 'rtl' },
      { id: expect.any(Number), name: 'en', title: 'English', direction: 'ltr' },
    ]);
    expect(m.social_auths.google).toMatchObject({ is_active: true, client_id: expect.any(String) });
    expect(m.social_auths.facebook.is_active).toBe(true);
    expect(m.social_auths.apple).toMatchObject({ is_active: true, redirect_url: expect.stringContaining('/auth/apple') });
    expect(m.menus).toHaveLength(5);
    expect(m.menus[0]).toMatchObject({ name: 'Shops', name_ar: 'المتاجر', url: '/shops', is_external: false, target: '_self' });
    expect(m.menus.find((x) => x.is_external)).toMatchObject({ target: '_blank', url: expect.stringMatching(/^https:/) });
    expect(m.footers.map((f) => f.title)).toEqual(['Souq Oman', 'Customer care', 'Explore', 'Get in touch']);
    const types = new Set(m.footers.flatMap((f) => f.items.map((i) => i.type)));
    expect([...types].sort()).toEqual(['app_store', 'email', 'link', 'logo', 'phone', 'social_links', 'text']);
    expect(m.search.placeholder).toBe('Search products, brands and shops');
    expect(m.search.popular).toContain('Frankincense');
  });

  it('answers in Arabic by default and when asked, and falls back to Arabic for unknown languages', async () => {
    for (const lang of [undefined, 'ar', 'ar-OM,ar;q=0.9', 'fr-FR']) {
      const m = await master(lang);
      expect(m.app_locale).toBe('ar');
      expect(m.app_name).toBe('سوق عُمان');
      expect(m.footers[1]!.title).toBe('خدمة العملاء');
      expect(m.bank.bank_name).toBe('بنك مسقط');
    }
    const en = await master('en-GB,en;q=0.8');
    expect(en.app_name).toBe('Souq Oman');
    expect(en.app_locale).toBe('ar');
  });

  it('defaults the footer text when the setting is missing', async () => {
    await app.db.deleteFrom('settings').where('key', '=', 'web_footer_text').execute();
    const fresh = await buildApp(app.config, { db: { db: app.db, dialect: app.dialect } });
    const res = await fresh.inject({ url: '/api/master' });
    expect(res.json().data.web_footer_text).toBe('All right reserved by company');
    await fresh.close();
  });

  it('is compressed and carries security headers', async () => {
    const res = await app.inject({ url: '/api/master', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe(`GET /api/lang/{locale} (${testDialect()})`, () => {
  it('answers the same keys in Arabic and English', async () => {
    const ar = await app.inject({ url: '/api/lang/ar' });
    const en = await app.inject({ url: '/api/lang/en' });
    expect(ar.statusCode).toBe(200);
    expect(en.statusCode).toBe(200);
    const a = ar.json() as Record<string, string>;
    const e = en.json() as Record<string, string>;
    expect(Object.keys(a).sort()).toEqual(Object.keys(e).sort());
    expect(Object.keys(a).length).toBeGreaterThan(0);
    expect(Object.values(a).every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
    expect(Object.values(a).filter((v) => /[\u0600-\u06FF]/.test(v)).length).toBeGreaterThan(Object.keys(a).length * 0.8);
    expect(Object.values(e).some((v) => /[\u0600-\u06FF]/.test(v) && !/[a-z]/i.test(v))).toBe(false);
  });

  it('names its version (ETag), and at the address of that version may be kept for good, from the answer cache too (decision 032)', async () => {
    const cached = await createTestApp({ catalogCacheTtlMs: 60_000 });
    try {
      for (const locale of ['ar', 'en']) {
        const plain = await cached.inject({ url: `/api/lang/${locale}` });
        const version = /^"([\w-]{16})"$/.exec(String(plain.headers.etag))?.[1];
        expect(version, `${locale}: ${plain.headers.etag}`).toBeDefined();
        const other = (await cached.inject({ url: `/api/lang/${locale === 'ar' ? 'en' : 'ar'}` })).headers.etag;
        expect(other).not.toBe(plain.headers.etag);
        for (let i = 0; i < 2; i++) {
          // The second of each is the answer cache's: it carries the same headers.
          const again = await cached.inject({ url: `/api/lang/${locale}` });
          expect([again.headers['cache-control'], again.headers.etag]).toEqual(['public, max-age=300', plain.headers.etag]);
          const pinned = await cached.inject({ url: `/api/lang/${locale}?v=${version}` });
          expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(pinned.json()).toEqual(plain.json());
          const old = await cached.inject({ url: `/api/lang/${locale}?v=0123456789abcdef` });
          expect(old.headers['cache-control']).toBe('public, max-age=300');
          expect(old.json()).toEqual(plain.json());
        }
        expect((await cached.inject({ url: `/api/lang/${locale}?v=${version}` })).headers['x-cache']).toBe('hit');
      }
    } finally {
      await cached.close();
    }
  });

  it('answers 404 for an unknown locale', async () => {
    const res = await app.inject({ url: '/api/lang/xx' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe(`GET /api/countries (${testDialect()})`, () => {
  it('lists every country with its phone code, Oman first', async () => {
    const res = await app.inject({ url: '/api/countries', headers: { 'accept-language': 'en' } });
    const { countries } = countriesResponseSchema.parse(res.json()).data;
    expect(countries.length).toBeGreaterThan(150);
    expect(countries[0]).toMatchObject({ name: 'Oman', phone_code: '+968', iso2: 'OM' });
    expect(countries.every((c) => c.name && /^\+\d+/.test(c.phone_code))).toBe(true);
    const ar = countriesResponseSchema.parse(
      (await app.inject({ url: '/api/countries', headers: { 'accept-language': 'ar' } })).json(),
    );
    expect(ar.data.countries[0]!.name).toMatch(/عُ?مان/);
  });
});
