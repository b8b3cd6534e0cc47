import type { Master } from '@souq/contracts';
import type { Messages } from './i18n';

/** What the root route's loader gives every page: the site settings, the strings, the public origin, the language. */
export interface RootData {
  master: Master;
  messages: Messages;
  /** The site's public origin (PUBLIC_URL, from the server's load context), for canonical and Open Graph URLs. */
  origin: string;
  /**
   * The page's language: this request's (`?lang=`, else the `locale` cookie). Not `master.app_locale`, which
   * is the site's default language (the original web client starts a first visit in it).
   */
  locale: 'ar' | 'en';
}
