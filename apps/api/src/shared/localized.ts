import type { Locale } from '@souq/contracts';

/** A text in the asked language: the Arabic one when Arabic is asked and there is one, else the English. */
export const localized = (en: string, ar: string | null | undefined, locale: Locale) => (locale === 'ar' && ar ? ar : en);
