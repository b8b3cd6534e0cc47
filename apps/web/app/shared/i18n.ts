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

/**
 * The strings of each language this process holds (decision 032). They are not in a page's hydration
 * data: on the server the root loader puts its request's language here before the page is rendered; in
 * the browser entry.client loads the page's language (preloaded from the <head>) before hydrating. Meta
 * functions, which run outside React on both sides, read them here too.
 */
const loaded = new Map<string, { version: string; messages: Messages }>();
const none: Messages = {};
export function setMessages(locale: string, messages: Messages, version = '') {
  loaded.set(locale, { version, messages });
}
export function messagesOf(locale: string | undefined): Messages {
  return (locale ? loaded.get(locale)?.messages : undefined) ?? none;
}
/** The version of a language's strings held here ('' when none, or not known). */
export function heldVersionOf(locale: string): string {
  return loaded.get(locale)?.version ?? '';
}
/** The address of a version of a language's strings: its answer never changes (the API says so). */
export const messagesHref = (locale: string, version: string) => `/api/lang/${locale}?v=${encodeURIComponent(version)}`;

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
