// Display dates shared by the API (answers that carry a display date) and the web app. No zod here.

/**
 * Calendar dates as "6 يناير 2026" / "6 Jan 2026", in Oman's time (UTC+4 all year, no daylight saving).
 * Written out rather than with Intl.DateTimeFormat: in the browser the first formatter of a page loads ICU
 * data on the main thread (about 60 ms on a product page's reviews during hydration). The web app's
 * dates.test.ts pins the output to Intl's (`ar-OM-u-nu-latn` and `en-GB`, month "short"; month "long"
 * for formatLongDate; Intl.RelativeTimeFormat for formatTimeAgo).
 */
const MONTHS = {
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
} as const;
const LONG_MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MUSCAT_OFFSET_MS = 4 * 60 * 60 * 1000;

/** The instant as a Date whose UTC fields are Muscat's wall clock; null when `iso` is not a date. */
function inMuscat(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time + MUSCAT_OFFSET_MS);
}

export function formatDate(iso: string, locale: string): string {
  const muscat = inMuscat(iso);
  if (!muscat) return '';
  const months = locale === 'ar' ? MONTHS.ar : MONTHS.en;
  return `${muscat.getUTCDate()} ${months[muscat.getUTCMonth()]} ${muscat.getUTCFullYear()}`;
}

/**
 * The long calendar date the original web client prints as it comes (decision 024, issue 42):
 * "09 November, 2026" / "09 نوفمبر، 2026" — two-digit day, the month's full name, a comma (Arabic's
 * in Arabic) and the year, in Oman's time.
 */
export function formatLongDate(iso: string, locale: string): string {
  const muscat = inMuscat(iso);
  if (!muscat) return '';
  const day = String(muscat.getUTCDate()).padStart(2, '0');
  const month = locale === 'ar' ? MONTHS.ar[muscat.getUTCMonth()] : LONG_MONTHS_EN[muscat.getUTCMonth()];
  return `${day} ${month}${locale === 'ar' ? '،' : ','} ${muscat.getUTCFullYear()}`;
}

/**
 * A voucher's validity as the original web client prints it as it comes (decision 024, issue 42):
 * "28 January 2027 02:00" / "28 يناير 2027 02:00" — two-digit day, the month's full name, the year and
 * the 24-hour time, in Oman's time.
 */
export function formatLongDateTime(iso: string, locale: string): string {
  const muscat = inMuscat(iso);
  if (!muscat) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const month = locale === 'ar' ? MONTHS.ar[muscat.getUTCMonth()] : LONG_MONTHS_EN[muscat.getUTCMonth()];
  return `${two(muscat.getUTCDate())} ${month} ${muscat.getUTCFullYear()} ${two(muscat.getUTCHours())}:${two(muscat.getUTCMinutes())}`;
}

/**
 * The blog's date as the original web client prints it as it comes (decision 024, issue 42):
 * "26 Nov, 2026" / "26 نوفمبر، 2026" — formatDate's day and month, then a comma (Arabic's in Arabic)
 * and the year, in Oman's time.
 */
export function formatCommaDate(iso: string, locale: string): string {
  const muscat = inMuscat(iso);
  if (!muscat) return '';
  const months = locale === 'ar' ? MONTHS.ar : MONTHS.en;
  return `${muscat.getUTCDate()} ${months[muscat.getUTCMonth()]}${locale === 'ar' ? '،' : ','} ${muscat.getUTCFullYear()}`;
}

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** Arabic nouns by CLDR plural category: one (1), two (2), few (3–10), many (11–99), other (0, 100–102 …). */
const AR_UNITS: Record<Unit, { one: string; two: string; few: string; many: string; other: string }> = {
  minute: { one: 'دقيقة واحدة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' },
  hour: { one: 'ساعة واحدة', two: 'ساعتين', few: 'ساعات', many: 'ساعة', other: 'ساعة' },
  day: { one: 'يوم واحد', two: 'يومين', few: 'أيام', many: 'يومًا', other: 'يوم' },
  week: { one: 'أسبوع واحد', two: 'أسبوعين', few: 'أسابيع', many: 'أسبوعًا', other: 'أسبوع' },
  month: { one: 'شهر واحد', two: 'شهرين', few: 'أشهر', many: 'شهرًا', other: 'شهر' },
  year: { one: 'سنة واحدة', two: 'سنتين', few: 'سنوات', many: 'سنة', other: 'سنة' },
};

function arabicAgo(n: number, unit: Unit): string {
  const w = AR_UNITS[unit];
  const r = n % 100;
  if (n === 1) return `قبل ${w.one}`;
  if (n === 2) return `قبل ${w.two}`;
  if (r >= 3 && r <= 10) return `قبل ${n} ${w.few}`;
  if (r >= 11 && r <= 99) return `قبل ${n} ${w.many}`;
  return `قبل ${n} ${w.other}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago, as the original web client prints a conversation's last message time (decision 024,
 * issue 42): "now" under a minute, then "2 minutes ago", "3 hours ago", "5 days ago", "2 weeks ago"
 * (from 7 days), "4 months ago" (from 30 days, 30-day months), "1 year ago" (from 365 days); in Arabic
 * "الآن", "قبل دقيقتين", "قبل 3 ساعات" … (the same words as Intl.RelativeTimeFormat, Latin digits). An
 * instant in the future (clocks apart) is "now".
 */
export function formatTimeAgo(iso: string, locale: string, now: Date): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const ms = Math.max(0, now.getTime() - time);
  const days = Math.floor(ms / DAY_MS);
  const [n, unit]: [number, Unit | null] =
    ms < MINUTE_MS
      ? [0, null]
      : ms < HOUR_MS
        ? [Math.floor(ms / MINUTE_MS), 'minute']
        : ms < DAY_MS
          ? [Math.floor(ms / HOUR_MS), 'hour']
          : days < 7
            ? [days, 'day']
            : days < 30
              ? [Math.floor(days / 7), 'week']
              : days < 365
                ? [Math.floor(days / 30), 'month']
                : [Math.floor(days / 365), 'year'];
  if (unit === null) return locale === 'ar' ? 'الآن' : 'now';
  if (locale === 'ar') return arabicAgo(n, unit);
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
