import { readCookie } from './storage';

export type Messages = Record<string, string>;
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Looks a key up in the flat message file and fills `{name}` placeholders. Unknown keys show the key. */
export function makeTranslate(messages: Messages): Translate {
  return (key, vars) => {
    const text = messages[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
  };
}

export type Direction = 'rtl' | 'ltr';
export const SUPPORTED_LOCALES = ['ar', 'en'] as const;
export const DEFAULT_LOCALE = 'ar';
export function normaliseLocale(value: string | null | undefined): 'ar' | 'en' {
  return value === 'en' ? 'en' : 'ar';
}

/**
 * The locale of a server-rendered request: `?lang=` (the address search engines get for a language)
 * wins over the `locale` cookie, which mirrors the visitor's stored choice.
 */
export function requestLocale(request: Request): 'ar' | 'en' {
  const lang = new URL(request.url).searchParams.get('lang');
  return normaliseLocale(lang ?? readCookie(request.headers.get('cookie'), 'locale'));
}

/** In the browser: the language the page was rendered in (client loaders and actions have no cookie to read). */
export function documentLocale(): 'ar' | 'en' {
  return normaliseLocale(typeof document === 'undefined' ? null : document.documentElement.lang);
}
