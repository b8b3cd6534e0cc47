import type { Currency, Master } from '@souq/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '~/shared/api';
import { makeTranslate, messagesPath, type Direction, type Messages, type Translate } from '~/shared/i18n';
import { formatMoney } from '~/shared/money';
import { LOCALE_KEY, SELECTED_CURRENCY_KEY, storage, writeLocaleCookie } from '~/shared/storage';

export interface Site {
  master: Master;
  locale: string;
  dir: Direction;
  t: Translate;
  currency: Currency;
  setCurrency(id: number): void;
  /** Formats an amount in the default currency in the selected one. */
  money(amount: number, decimals?: number): string;
  changeLanguage(locale: string): Promise<void>;
  /** Name in the active language: name_ar in Arabic when present. */
  localName(item: { name: string; name_ar?: string | null }): string;
}

const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside <SiteProvider>');
  return site;
}
export const useT = () => useSite().t;

export function directionOf(master: Master, locale: string): Direction {
  return master.languages.find((l) => l.name === locale)?.direction ?? 'rtl';
}

export function SiteProvider({
  master,
  messages,
  locale,
  children,
}: {
  master: Master;
  messages: Messages;
  /** The page's language (the request's: RootData.locale). */
  locale: string;
  children: ReactNode;
}) {
  const dir = directionOf(master, locale);
  const [currencyId, setCurrencyId] = useState<number>(master.currency.id);

  // Settings load (SPEC §4): the default currency is selected; a currency saved before a reload is
  // read once and removed; when the stored locale differs from the page's, the page's wins (the page was
  // rendered in the language of its address or cookie, which the stored choice must follow).
  useEffect(() => {
    const saved = storage.get(SELECTED_CURRENCY_KEY);
    if (saved) {
      storage.remove(SELECTED_CURRENCY_KEY);
      const id = Number(saved);
      if (master.currencies.some((c) => c.id === id)) setCurrencyId(id);
    }
    if (storage.get(LOCALE_KEY) !== locale) {
      storage.set(LOCALE_KEY, locale);
      writeLocaleCookie(locale);
    }
    // The served <html> carries both already: writing them again, even unchanged, makes the browser
    // restyle the whole page (~75 ms on a 4× slowed phone, right when the first tap comes).
    const html = document.documentElement;
    if (html.lang !== locale) html.lang = locale;
    if (html.dir !== dir) html.dir = dir;
  }, [master, locale, dir]);

  const currency = master.currencies.find((c) => c.id === currencyId) ?? master.currency;
  const t = useMemo(() => makeTranslate(messages, locale), [messages, locale]);

  const changeLanguage = useCallback(
    async (next: string) => {
      const lang = master.languages.find((l) => l.name === next);
      if (!lang) return;
      storage.set(LOCALE_KEY, next);
      writeLocaleCookie(next);
      storage.set(SELECTED_CURRENCY_KEY, String(currencyId));
      document.documentElement.lang = next;
      document.documentElement.dir = lang.direction;
      try {
        await api(messagesPath(next), { locale: next });
      } catch (e) {
        console.warn('language file failed to load', e);
      }
      // A page opened at its English address (?lang=en) would stay English on reload: drop the parameter.
      const here = new URL(window.location.href);
      if (here.searchParams.has('lang')) {
        here.searchParams.delete('lang');
        window.location.replace(here.toString());
      } else {
        window.location.reload();
      }
    },
    [master.languages, currencyId],
  );

  const value = useMemo<Site>(
    () => ({
      master,
      locale,
      dir,
      t,
      currency,
      setCurrency: setCurrencyId,
      money: (amount, decimals) => formatMoney(amount, currency, locale, decimals),
      changeLanguage,
      localName: (item) => (locale === 'ar' && item.name_ar ? item.name_ar : item.name),
    }),
    [master, locale, dir, t, currency, changeLanguage],
  );
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}
