import type { Master } from '@souq/contracts';

/** What the root route's loader gives every page: the site settings, the version of its strings, the public origin, the language. */
export interface RootData {
  master: Master;
  /**
   * The version of the language's strings (the API's ETag of /api/lang/{locale}?set=ours). The strings themselves
   * are not in the page's data (decision 032): i18n.ts messagesOf(locale) holds them.
   */
  messagesVersion: string;
  /** The site's public origin (PUBLIC_URL, from the server's load context), for canonical and Open Graph URLs. */
  origin: string;
  /**
   * The page's language: this request's (`?lang=`, else the `locale` cookie). Not `master.app_locale`, which
   * is the site's default language (the original web client starts a first visit in it).
   */
  locale: 'ar' | 'en';
}
