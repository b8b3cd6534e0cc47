/**
 * SPEC §9: a message's time as "hh:mm a, DD MMM, YYYY" ("03:05 PM, 06 Jan, 2026"; in Arabic
 * "03:05 م، 06 يناير، 2026"), in Oman's time (UTC+4, no daylight saving) like every date of the site,
 * so the server's render and the browser's agree. Written out, not Intl (see shared/dates.ts).
 */
const MONTHS = {
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
} as const;
const MUSCAT_OFFSET_MS = 4 * 60 * 60 * 1000;
const two = (n: number) => String(n).padStart(2, '0');

function muscat(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time + MUSCAT_OFFSET_MS);
}

/** "03:05 PM" / "03:05 م". */
export function formatClock(iso: string, locale: string): string {
  const d = muscat(iso);
  if (!d) return '';
  const h = d.getUTCHours();
  const pm = h >= 12;
  const suffix = locale === 'ar' ? (pm ? 'م' : 'ص') : pm ? 'PM' : 'AM';
  return `${two(h % 12 === 0 ? 12 : h % 12)}:${two(d.getUTCMinutes())} ${suffix}`;
}

/** "06 Jan, 2026" / "06 يناير، 2026". */
export function formatDay(iso: string, locale: string): string {
  const d = muscat(iso);
  if (!d) return '';
  const months = locale === 'ar' ? MONTHS.ar : MONTHS.en;
  const comma = locale === 'ar' ? '،' : ',';
  return `${two(d.getUTCDate())} ${months[d.getUTCMonth()]}${comma} ${d.getUTCFullYear()}`;
}

/** The full format of SPEC §9: "hh:mm a, DD MMM, YYYY". */
export function formatMessageTime(iso: string, locale: string): string {
  const d = muscat(iso);
  if (!d) return '';
  return `${formatClock(iso, locale)}${locale === 'ar' ? '،' : ','} ${formatDay(iso, locale)}`;
}
