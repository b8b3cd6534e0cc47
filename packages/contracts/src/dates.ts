// Display dates shared by the API (answers that carry a display date) and the web app. No zod here.

/**
 * Calendar dates as "6 يناير 2026" / "6 Jan 2026", in Oman's time (UTC+4 all year, no daylight saving).
 * Written out rather than with Intl.DateTimeFormat: in the browser the first formatter of a page loads ICU
 * data on the main thread (about 60 ms on a product page's reviews during hydration). The web app's
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
