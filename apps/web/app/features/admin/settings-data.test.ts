import type { AdminCurrency, AdminSettings } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { changedSettings, currencyBody, currencyFormOf, settingsErrors, settingsFormOf } from './settings-data';

const settings: AdminSettings = {
  groups: [
    {
      key: 'site',
      settings: [
        { key: 'app_name', type: 'localized', max: 60, nullable: false, hint: false, value: { en: 'Souq', ar: 'سوق' } },
        { key: 'web_footer_logo', type: 'image', nullable: true, hint: true, value: null },
      ],
    },
    {
      key: 'sign_in',
      settings: [
        { key: 'phone_min_length', type: 'integer', min: 4, max: 20, nullable: false, hint: false, value: 8 },
        { key: 'phone_max_length', type: 'integer', min: 4, max: 20, nullable: false, hint: false, value: 16 },
        { key: 'otp_length', type: 'integer', min: 4, max: 8, nullable: false, hint: true, value: 4 },
      ],
    },
    {
      key: 'payments',
      settings: [
        { key: 'cash_on_delivery', type: 'boolean', nullable: false, hint: false, value: true },
        {
          key: 'payment_keys.stripe',
          type: 'secret',
          env: 'STRIPE_SECRET_KEY',
          nullable: false,
          hint: false,
          value: null,
          is_set: true,
        },
      ],
    },
    {
      key: 'search',
      settings: [
        {
          key: 'search.popular',
          type: 'localized_list',
          items: 12,
          max: 40,
          nullable: false,
          hint: true,
          value: { en: ['Dates'], ar: ['تمور'] },
        },
      ],
    },
    { key: 'theme', settings: [{ key: 'theme_colors.primary', type: 'color', nullable: false, hint: false, value: '#0f766e' }] },
  ],
};
const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

describe('the settings form', () => {
  it('holds every setting but the secrets, lists one entry a line', () => {
    const form = settingsFormOf(settings);
    expect(Object.keys(form)).not.toContain('payment_keys.stripe');
    expect(form['search.popular']).toEqual({ en: 'Dates', ar: 'تمور' });
    expect(form.otp_length).toBe('4');
    expect(form.web_footer_logo).toBe('');
  });

  it('sends only the keys changed, typed as the API takes them', () => {
    const saved = settingsFormOf(settings);
    expect(changedSettings(saved, saved)).toEqual({});
    const form = {
      ...saved,
      otp_length: ' 6 ',
      cash_on_delivery: false,
      'search.popular': { en: 'Dates\n\n Halwa ', ar: 'تمور' },
      // The same value typed differently is no change.
      phone_min_length: '08',
    };
    expect(changedSettings(saved, form)).toEqual({
      otp_length: 6,
      cash_on_delivery: false,
      'search.popular': { en: ['Dates', 'Halwa'], ar: ['تمور'] },
    });
    expect(changedSettings(saved, { ...saved, web_footer_logo: '/uploads/x.svg' })).toEqual({
      web_footer_logo: '/uploads/x.svg',
    });
  });

  it('checks each changed key by the contract’s rules before sending, in the page’s words', () => {
    const saved = settingsFormOf(settings);
    const form = {
      ...saved,
      otp_length: '9',
      'theme_colors.primary': 'teal',
      app_name: { en: '', ar: 'سوق' },
      web_footer_logo: 'javascript:alert(1)',
      phone_min_length: '17',
    };
    const errors = settingsErrors(changedSettings(saved, form), form, t);
    expect(errors).toEqual({
      otp_length: 'admin.settings.error.integer {"min":4,"max":8}',
      'theme_colors.primary': 'admin.settings.error.color',
      app_name: 'admin.settings.error.required',
      web_footer_logo: 'admin.settings.error.image',
      phone_min_length: 'admin.settings.error.phone_lengths',
    });
    const fine = { ...saved, 'theme_colors.primary': '#AA3300', web_footer_logo: '' };
    expect(settingsErrors(changedSettings(saved, fine), fine, t)).toEqual({});
  });
});

describe('the currency dialog', () => {
  const usd: AdminCurrency = {
    id: 2,
    code: 'USD',
    name: 'US Dollar',
    name_ar: 'دولار أمريكي',
    symbol: '$',
    symbol_ar: '$',
    rate_from_default: 2.6008,
    decimals: 2,
    position: 'prefix',
    is_default: false,
    is_active: true,
  };
  it('sends every field on create and only the changed ones on edit', () => {
    const blank = currencyFormOf(null);
    expect(Object.keys(currencyBody({ ...blank, code: 'gbp', rate_from_default: '2,05' }, null))).toHaveLength(9);
    expect(currencyBody({ ...blank, rate_from_default: '2,05' }, null).rate_from_default).toBe(2.05);
    const form = currencyFormOf(usd);
    expect(currencyBody(form, usd)).toEqual({});
    expect(currencyBody({ ...form, rate_from_default: '2.6', is_active: false }, usd)).toEqual({
      rate_from_default: 2.6,
      is_active: false,
    });
  });
});
