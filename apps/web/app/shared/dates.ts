/** Calendar dates in Oman's time: one formatter for the API's display dates and the storefront. */
import { formatDate } from '@souq/contracts/dates';

export { formatDate };

const MUSCAT_OFFSET_MS = 4 * 60 * 60 * 1000;

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
