/** The i18n module's public surface (decision 016): every message of the storefront, by language. */
import { createHash } from 'node:crypto';
import type { LangSet } from '@souq/contracts';
import { translations } from './messages';
import { originalClientStrings } from './original-client-strings';

export { translations };

/**
 * What `GET /api/lang/{locale}` answers, by set (`?set=`, `LangSet`). `all`, the address the original web
 * client calls: our strings by their keys and that client's sentences as keys beside them (decision 024,
 * issue 42; original-client-strings.ts), ours last, so no sentence can hide one of our keys. `ours`, the
 * address our storefront loads: our keys alone (the sentences are about 10 KB per language it never reads).
 */
export const langAnswers: Readonly<Record<LangSet, Readonly<Record<string, Readonly<Record<string, string>>>>>> = {
  all: Object.fromEntries(
    Object.entries(translations).map(([locale, messages]) => [locale, { ...originalClientStrings(locale), ...messages }]),
  ),
  ours: translations,
};

/**
 * A short hash of each set's strings in each language. Pages load ours from
 * `/api/lang/{locale}?set=ours&v=<hash>` (decision 032), an address whose answer never changes and may be
 * kept for good.
 */
export const translationVersions: Readonly<Record<LangSet, Readonly<Record<string, string>>>> = {
  all: versionsOf(langAnswers.all),
  ours: versionsOf(langAnswers.ours),
};

function versionsOf(answers: Readonly<Record<string, Readonly<Record<string, string>>>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answers).map(([locale, messages]) => [
      locale,
      createHash('sha256').update(JSON.stringify(messages)).digest('base64url').slice(0, 16),
    ]),
  );
}
