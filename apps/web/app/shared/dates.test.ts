import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

const intl = {
  ar: new Intl.DateTimeFormat('ar-OM-u-nu-latn', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Muscat' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Muscat' }),
};

describe('formatDate', () => {
  // Every month, and times either side of midnight in Muscat (20:00 UTC is midnight there).
  const instants: string[] = [];
  for (let month = 0; month < 12; month++) {
    for (const [day, hour, minute] of [
      [1, 0, 0],
      [14, 19, 59],
      [14, 20, 0],
      [28, 23, 30],
    ] as const) {
      instants.push(new Date(Date.UTC(2025 + (month % 2), month, day, hour, minute)).toISOString());
    }
  }
  instants.push('2024-12-31T20:00:00.000Z', '2024-02-29T12:00:00Z', '2030-07-04T03:15:00+04:00');

  for (const locale of ['ar', 'en'] as const) {
    it(`matches Intl's ${locale} calendar date in Oman's time`, () => {
      for (const iso of instants) expect(formatDate(iso, locale), iso).toBe(intl[locale].format(new Date(iso)));
    });
  }

  it('turns the last evening of the year in UTC into the new year in Muscat', () => {
    expect(formatDate('2024-12-31T20:00:00.000Z', 'en')).toBe('1 Jan 2025');
    expect(formatDate('2024-12-31T19:59:59.000Z', 'ar')).toBe('31 ديسمبر 2024');
  });

  it('gives an empty string for a value that is not a date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
