import type { Currency } from '@souq/contracts';

/**
 * An amount with its decimals and Latin digits grouped by threes ("1,234.500"), as Omani shops print
 * prices in both languages (what Intl gives for `ar-OM-u-nu-latn` and `en-OM`; money.test.ts checks
 * that). Written out because the first Intl.NumberFormat of a page loads ICU data: tens of
 * milliseconds on the main thread during hydration, for the header's cart total alone.
 */
export function formatNumber(value: number, decimals: number): string {
  const [int, frac] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** The currency's symbol in the active language: Arabic uses symbol_ar, falling back to symbol. */
export function currencySymbol(currency: Currency | null | undefined, locale: string): string {
  if (!currency) return '$';
  return (locale === 'ar' && currency.symbol_ar) || currency.symbol;
}

export function currencyName(currency: Currency, locale: string): string {
  return (locale === 'ar' && currency.name_ar) || currency.name;
}

/** SPEC §9: cart totals (the basket's Cart Amount, the header's and the floating tab's) show 2 decimals. */
export const CART_TOTAL_DECIMALS = 2;

/**
 * Formats an amount given in the default currency (as the API answers) in the selected currency:
 * converted with rate_from_default, rounded to that currency's decimals, symbol placed by position.
 */
export function formatMoney(
  amountInDefault: number,
  currency: Currency | null | undefined,
  locale: string,
  decimalsOverride?: number,
): string {
  const rate = currency?.rate_from_default ?? 1;
  const decimals = decimalsOverride ?? currency?.decimals ?? 3;
  const value = convert(amountInDefault, rate, decimals);
  const number = formatNumber(value, decimals);
  const symbol = currencySymbol(currency, locale);
  // Keep the number and symbol together and in order in both directions.
  return currency?.position === 'suffix' ? `${number}\u00a0${symbol}` : `${symbol}${symbol.length > 1 ? '\u00a0' : ''}${number}`;
}

/** Converts and rounds half away from zero at the given decimals, without binary-float drift. */
export function convert(amount: number, rate: number, decimals: number): number {
  const factor = 10 ** decimals;
  const raw = amount * rate * factor;
  return (Math.sign(raw) * Math.round(Math.abs(raw) + 1e-9)) / factor;
}
