import { readCookie } from './storage';

export type Messages = Record<string, string>;
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Looks a key up in the flat message file and fills `{name}` placeholders. Unknown keys show the key.
 *
 * Counts take their plural form from the language's rules (`Intl.PluralRules`: English has one and
 * other; Arabic zero, one, two, few, many and other) through the plural argument of ICU MessageFormat:
 * `{count, plural, one {# item} other {# items}}`, where `#` is the count as given and `=0 {…}` an exact
 * value, which wins over the category; a category a message leaves out falls back to `other`.
 */
export function makeTranslate(messages: Messages, locale: string = DEFAULT_LOCALE): Translate {
  let rules: Intl.PluralRules | undefined;
  const category = (n: number) => (rules ??= new Intl.PluralRules(locale)).select(n);
  return (key, vars) => {
    const found = messages[key];
    if (found === undefined) return key;
    const text = found.includes(', plural,') ? plurals(found, vars, category) : found;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
  };
}

const PLURAL = /\{(\w+),\s*plural,/g;

/** Replaces each `{name, plural, …}` of `text` by the branch its count selects; a malformed one is left as it is. */
function plurals(text: string, vars: Record<string, string | number> | undefined, category: (n: number) => string): string {
  let out = '';
  let from = 0;
  PLURAL.lastIndex = 0;
  for (let m = PLURAL.exec(text); m; m = PLURAL.exec(text)) {
    const name = m[1]!;
    const branches = new Map<string, string>();
    let i = m.index + m[0].length;
    let closed = false;
    while (i < text.length) {
      while (/\s/.test(text[i] ?? '')) i++;
      if (text[i] === '}') {
        closed = true;
        i++;
        break;
      }
      const selector = /^=?\w+/.exec(text.slice(i))?.[0];
      if (!selector) break;
      i += selector.length;
      while (/\s/.test(text[i] ?? '')) i++;
      if (text[i] !== '{') break;
      // The branch's text runs to its matching brace: it may hold `{name}` placeholders.
      let depth = 1;
      let j = i + 1;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
      }
      if (depth > 0) break;
      branches.set(selector, text.slice(i + 1, j - 1));
      i = j;
    }
    if (!closed || !branches.has('other')) continue;
    const given = vars?.[name];
    const n = typeof given === 'number' ? given : typeof given === 'string' && given.trim() !== '' ? Number(given) : NaN;
    const branch = Number.isFinite(n)
      ? (branches.get(`=${n}`) ?? branches.get(category(n)) ?? branches.get('other')!)
      : branches.get('other')!;
    out += text.slice(from, m.index) + branch.replace(/#/g, given === undefined ? `{${name}}` : String(given));
    from = i;
    PLURAL.lastIndex = i;
  }
  return out + text.slice(from);
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
/**
 * Our strings of a language (`set=ours`): our keys alone, without the original web client's sentence keys
 * that `/api/lang/{locale}` answers beside them for that client (decision 024, issue 42).
 */
export const messagesPath = (locale: string) => `/lang/${locale}?set=ours`;
/** The address of a version of a language's strings: its answer never changes (the API says so). */
export const messagesHref = (locale: string, version: string) => `/api${messagesPath(locale)}&v=${encodeURIComponent(version)}`;

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
