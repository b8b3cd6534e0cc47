/** The i18n module's public surface (decision 016): every message of the storefront, by language. */
import { createHash } from 'node:crypto';
import { translations } from './messages';
import { originalClientStrings } from './original-client-strings';

export { translations };

/**
 * What `GET /api/lang/{locale}` answers: our strings by their keys, and the original web client's
 * sentences as keys beside them (decision 024, issue 42; original-client-strings.ts). Ours come last, so
 * no sentence can hide one of our keys.
 */
export const langAnswers: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(translations).map(([locale, messages]) => [locale, { ...originalClientStrings(locale), ...messages }]),
);

/**
 * A short hash of each language's strings. Pages load them from `/api/lang/{locale}?v=<hash>` (decision
 * 032), an address whose answer never changes and may be kept for good.
 */
export const translationVersions: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(langAnswers).map(([locale, messages]) => [
    locale,
    createHash('sha256').update(JSON.stringify(messages)).digest('base64url').slice(0, 16),
  ]),
);
