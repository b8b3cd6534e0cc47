/** localStorage that never throws (private mode, SSR). */
export const storage = {
  get(key: string): string | null {
    try {
      return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage full or disabled: the value lives for this page only */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};

export const LOCALE_KEY = 'locale';
export const SELECTED_CURRENCY_KEY = 'selectedCurrency';

/** The locale cookie mirrors localStorage so the server renders the right <html lang dir>. */
export function writeLocaleCookie(locale: string): void {
  document.cookie = localeCookie(locale, window.location.protocol === 'https:');
}

/** The `locale` cookie as written: Secure on a page served over https (decision 043). */
export function localeCookie(locale: string, https: boolean): string {
  return `locale=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax${https ? '; Secure' : ''}`;
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}
