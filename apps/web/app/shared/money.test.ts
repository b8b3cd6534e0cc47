import type { Currency } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { convert, currencySymbol, formatMoney, formatNumber } from './money';

const omr: Currency = {
  id: 1,
  code: 'OMR',
  name: 'Omani Rial',
  name_ar: 'ريال عماني',
  symbol: 'OMR',
  symbol_ar: 'ر.ع.',
  position: 'suffix',
  is_default: true,
  rate: 1,
  rate_from_default: 1,
  decimals: 3,
};
const usd: Currency = {
  ...omr,
  id: 2,
  code: 'USD',
  name: 'US Dollar',
  name_ar: 'دولار أمريكي',
  symbol: '$',
  symbol_ar: null,
  position: 'prefix',
  is_default: false,
  rate_from_default: 2.6008,
  decimals: 2,
};

describe('formatMoney', () => {
  it('shows the default currency with its three decimals and Arabic symbol after the number', () => {
    expect(formatMoney(12.345, omr, 'ar')).toBe('12.345\u00a0ر.ع.');
    expect(formatMoney(1234.5, omr, 'en')).toBe('1,234.500\u00a0OMR');
  });

  it('converts with rate_from_default and uses the selected currency decimals and position', () => {
    // 10 OMR × 2.6008 = 26.008 → 26.01
    expect(formatMoney(10, usd, 'en')).toBe('$26.01');
    // symbol_ar missing: falls back to symbol
    expect(formatMoney(10, usd, 'ar')).toBe('$26.01');
  });

  it('falls back to $ and three decimals when no currency is selected', () => {
    expect(formatMoney(1.5, null, 'en')).toBe('$1.500');
    expect(currencySymbol(undefined, 'ar')).toBe('$');
  });

  it('honours a decimals override (cart totals show 2 decimals)', () => {
    expect(formatMoney(3.456, omr, 'en', 2)).toBe('3.46\u00a0OMR');
  });
});

describe('convert', () => {
  it('rounds half away from zero without float drift', () => {
    expect(convert(1.005, 1, 2)).toBe(1.01);
    expect(convert(0.125, 1, 2)).toBe(0.13);
    expect(convert(-0.125, 1, 2)).toBe(-0.13);
    expect(convert(2.675, 1, 2)).toBe(2.68);
  });
});

describe('formatNumber', () => {
  it('prints what Intl prints for Arabic with Latin digits and for English', () => {
    const values = [0, 0.5, 1, 9.999, 12.345, 999, 1000, 1234.5, 99999.99, 123456.789, 1234567.5, 1e9 + 0.25];
    for (const decimals of [0, 2, 3]) {
      for (const tag of ['ar-OM-u-nu-latn', 'en-OM']) {
        const intl = new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
        for (const v of values)
          expect(formatNumber(convert(v, 1, decimals), decimals), `${tag} ${v}`).toBe(intl.format(convert(v, 1, decimals)));
      }
    }
  });
});
