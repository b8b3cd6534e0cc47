import { describe, expect, it } from 'vitest';
import { formatCommaDate, formatLongDate, formatLongDateTime, formatTimeAgo } from '@souq/contracts/dates';
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

describe("formatLongDate (the original client's ticket date, decision 024 issue 42)", () => {
  const long = {
    ar: new Intl.DateTimeFormat('ar-OM-u-nu-latn', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Asia/Muscat' }),
    en: new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Asia/Muscat' }),
  };
  /** Intl's day, month and year, written "09 November, 2026" (the Arabic comma in Arabic). */
  const expected = (iso: string, locale: 'ar' | 'en') => {
    const parts = long[locale].formatToParts(new Date(iso));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${part('day')} ${part('month')}${locale === 'ar' ? '،' : ','} ${part('year')}`;
  };

  for (const locale of ['ar', 'en'] as const) {
    it(`matches Intl's ${locale} long date in Oman's time, every month`, () => {
      for (let month = 0; month < 12; month++) {
        for (const iso of [
          new Date(Date.UTC(2026, month, 1, 0, 0)).toISOString(),
          new Date(Date.UTC(2026, month, 9, 19, 59)).toISOString(),
          new Date(Date.UTC(2026, month, 9, 20, 0)).toISOString(),
        ])
          expect(formatLongDate(iso, locale), iso).toBe(expected(iso, locale));
      }
    });
  }

  it('writes the example of the issue, and nothing for a value that is not a date', () => {
    expect(formatLongDate('2026-11-09T10:00:00.000Z', 'en')).toBe('09 November, 2026');
    expect(formatLongDate('2026-11-09T10:00:00.000Z', 'ar')).toBe('09 نوفمبر، 2026');
    expect(formatLongDate('2026-11-08T20:00:00.000Z', 'en')).toBe('09 November, 2026');
    expect(formatLongDate('soon', 'en')).toBe('');
  });
});

describe("formatLongDateTime (the original client's voucher validity, decision 024 issue 42)", () => {
  const long = {
    ar: new Intl.DateTimeFormat('ar-OM-u-nu-latn', {
      day: '2-digit',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Muscat',
    }),
    en: new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Muscat',
    }),
  };
  /** Intl's parts, written "28 January 2027 02:00". */
  const expected = (iso: string, locale: 'ar' | 'en') => {
    const parts = long[locale].formatToParts(new Date(iso));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${part('day')} ${part('month')} ${part('year')} ${part('hour')}:${part('minute')}`;
  };
  for (const locale of ['ar', 'en'] as const)
    it(`matches Intl's parts in ${locale}, every month, either side of Muscat's midnight`, () => {
      for (let month = 0; month < 12; month++)
        for (const iso of [
          new Date(Date.UTC(2026, month, 9, 19, 59)).toISOString(),
          new Date(Date.UTC(2026, month, 9, 20, 0)).toISOString(),
          new Date(Date.UTC(2026, month, 9, 7, 5)).toISOString(),
        ])
          expect(formatLongDateTime(iso, locale), iso).toBe(expected(iso, locale));
    });
  it('writes the example of the issue, and nothing for a value that is not a date', () => {
    expect(formatLongDateTime('2027-01-27T22:00:00.000Z', 'en')).toBe('28 January 2027 02:00');
    expect(formatLongDateTime('2027-01-27T22:00:00.000Z', 'ar')).toBe('28 يناير 2027 02:00');
    expect(formatLongDateTime('never', 'en')).toBe('');
  });
});

describe("formatTimeAgo (the original client's last message time, decision 024 issue 42)", () => {
  const now = new Date('2026-11-09T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;
  const rtf = {
    ar: new Intl.RelativeTimeFormat('ar-OM-u-nu-latn', { numeric: 'always' }),
    en: new Intl.RelativeTimeFormat('en', { numeric: 'always' }),
  };

  for (const locale of ['ar', 'en'] as const) {
    it(`matches Intl's ${locale} relative time for each unit and every Arabic plural form`, () => {
      const counts = [1, 2, 3, 5, 10, 11, 12, 25, 59, 99, 100, 101, 102, 103, 111];
      const cases: Array<[number, number, Intl.RelativeTimeFormatUnit]> = [];
      for (const n of counts.filter((n) => n < 60)) cases.push([n * MIN, n, 'minute']);
      for (const n of counts.filter((n) => n < 24)) cases.push([n * HOUR, n, 'hour']);
      for (const n of counts.filter((n) => n < 7)) cases.push([n * DAY, n, 'day']);
      for (const n of [1, 2, 3, 4]) cases.push([n * 7 * DAY, n, 'week']);
      for (const n of [1, 2, 3, 5, 10, 11, 12].filter((n) => n * 30 < 365)) cases.push([n * 30 * DAY, n, 'month']);
      for (const n of counts) cases.push([n * 365 * DAY, n, 'year']);
      for (const [ms, n, unit] of cases)
        expect(formatTimeAgo(ago(ms), locale, now), `${n} ${unit}`).toBe(rtf[locale].format(-n, unit));
    });
  }

  it('is "now" under a minute (and for a time ahead of the clock), then counts whole units down', () => {
    expect(formatTimeAgo(ago(59_999), 'en', now)).toBe('now');
    expect(formatTimeAgo(ago(-5 * MIN), 'en', now)).toBe('now');
    expect(formatTimeAgo(ago(0), 'ar', now)).toBe(new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(0, 'second'));
    expect(formatTimeAgo(ago(2 * MIN + 59_000), 'en', now)).toBe('2 minutes ago');
    expect(formatTimeAgo(ago(2 * MIN), 'ar', now)).toBe('قبل دقيقتين');
    expect(formatTimeAgo(ago(59 * MIN), 'en', now)).toBe('59 minutes ago');
    expect(formatTimeAgo(ago(23 * HOUR + 59 * MIN), 'en', now)).toBe('23 hours ago');
    expect(formatTimeAgo(ago(6 * DAY + 23 * HOUR), 'en', now)).toBe('6 days ago');
    expect(formatTimeAgo(ago(29 * DAY), 'en', now)).toBe('4 weeks ago');
    expect(formatTimeAgo(ago(364 * DAY), 'en', now)).toBe('12 months ago');
    expect(formatTimeAgo('not a date', 'en', now)).toBe('');
  });
});

describe("formatCommaDate (the original client's blog date, decision 024 issue 42)", () => {
  /** Intl's short day, month and year, written "26 Nov, 2026" (the Arabic comma in Arabic). */
  const expected = (iso: string, locale: 'ar' | 'en') => {
    const parts = intl[locale].formatToParts(new Date(iso));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${part('day')} ${part('month')}${locale === 'ar' ? '،' : ','} ${part('year')}`;
  };
  for (const locale of ['ar', 'en'] as const) {
    it(`matches Intl's ${locale} short date in Oman's time, every month`, () => {
      for (let month = 0; month < 12; month++) {
        for (const iso of [
          new Date(Date.UTC(2026, month, 1, 0, 0)).toISOString(),
          new Date(Date.UTC(2026, month, 25, 19, 59)).toISOString(),
          new Date(Date.UTC(2026, month, 25, 20, 0)).toISOString(),
        ])
          expect(formatCommaDate(iso, locale), iso).toBe(expected(iso, locale));
      }
    });
  }

  it('writes the example dates', () => {
    expect(formatCommaDate('2026-11-25T21:30:00.000Z', 'en')).toBe('26 Nov, 2026');
    expect(formatCommaDate('2026-11-25T21:30:00.000Z', 'ar')).toBe('26 نوفمبر، 2026');
    expect(formatCommaDate('not a date', 'en')).toBe('');
  });
});
