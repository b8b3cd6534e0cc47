/**
 * Calendar dates as "6 يناير 2026" / "6 Jan 2026", in Oman's time (UTC+4 all year, no daylight saving).
 * Written out for the same reason as `formatNumber` in money.ts: the first Intl.DateTimeFormat of a page
 * loads ICU data on the main thread (about 60 ms on a product page's reviews during hydration).
 * dates.test.ts pins the output to Intl's (`ar-OM-u-nu-latn` and `en-GB`, month "short").
 */
const MONTHS = {
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
} as const;

const MUSCAT_OFFSET_MS = 4 * 60 * 60 * 1000;

export function formatDate(iso: string, locale: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const muscat = new Date(time + MUSCAT_OFFSET_MS);
  const months = locale === 'ar' ? MONTHS.ar : MONTHS.en;
  return `${muscat.getUTCDate()} ${months[muscat.getUTCMonth()]} ${muscat.getUTCFullYear()}`;
}

/** Date and time in Oman's time: "25 Nov 2026, 8:15 PM" / "25 نوفمبر 2026، 8:15 م". */
export function formatDateTime(iso: string, locale: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const d = new Date(time + MUSCAT_OFFSET_MS);
  const h = d.getUTCHours();
  const hour = h % 12 === 0 ? 12 : h % 12;
  const min = String(d.getUTCMinutes()).padStart(2, '0');
  const pm = h >= 12;
  const suffix = locale === 'ar' ? (pm ? 'م' : 'ص') : pm ? 'PM' : 'AM';
  return `${formatDate(iso, locale)}${locale === 'ar' ? '،' : ','} ${hour}:${min} ${suffix}`;
}
