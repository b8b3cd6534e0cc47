/** The i18n module's public surface (decision 016): every message of the storefront, by language. */
import { createHash } from 'node:crypto';
import { translations } from './messages';

export { translations };

/**
 * A short hash of each language's strings. Pages load them from `/api/lang/{locale}?v=<hash>` (decision
 * 032), an address whose answer never changes and may be kept for good.
 */
export const translationVersions: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(translations).map(([locale, messages]) => [
    locale,
    createHash('sha256').update(JSON.stringify(messages)).digest('base64url').slice(0, 16),
  ]),
);
