import type { Currency } from '@souq/contracts';

/** Intl locale tag for numbers: Arabic wording with Latin digits, as Omani shops print prices. */
export const numberLocale = (locale: string) => (locale === 'ar' ? 'ar-OM-u-nu-latn' : 'en-OM');

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}:${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(locale), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, f);
  }
  return f;
}

/** The currency's symbol in the active language: Arabic uses symbol_ar, falling back to symbol. */
export function currencySymbol(currency: Currency | null | undefined, locale: string): string {
  if (!currency) return '$';
  return (locale === 'ar' && currency.symbol_ar) || currency.symbol;
}

export function currencyName(currency: Currency, locale: string): string {
  return (locale === 'ar' && currency.name_ar) || currency.name;
}

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
  const number = formatter(locale, decimals).format(value);
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
