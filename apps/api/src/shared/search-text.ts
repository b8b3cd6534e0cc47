/**
 * Normalisation for search: both the indexed text and the query go through it, so that a search
 * ignores case, Arabic diacritics and tatweel, and the alef / hamza / ta-marbuta / alef-maqsura
 * spelling variants, and matches Arabic-Indic digits with Latin ones.
 */
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g; // harakat, Quranic marks, tatweel
const LETTER_MAP: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ٲ: 'ا',
  ٳ: 'ا',
  ؤ: 'و',
  ئ: 'ي',
  ى: 'ي',
  ی: 'ي', // Persian yeh
  ة: 'ه',
  ۀ: 'ه',
  ک: 'ك', // Persian kaf
  ء: '',
};
const LETTERS = new RegExp(`[${Object.keys(LETTER_MAP).join('')}]`, 'g');

export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .replace(DIACRITICS, '')
    .replace(LETTERS, (ch) => LETTER_MAP[ch] ?? ch)
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The words of a query after normalisation, at most `max` of them, empty words dropped. */
export function searchTerms(query: string, max = 8): string[] {
  return normalizeSearchText(query).split(' ').filter(Boolean).slice(0, max);
}

/** Arabic words with the definite article: "الساعه" → "ساعه" (only when a real stem of 3+ letters is left). */
export function withoutArticle(word: string): string | null {
  return /^ال\p{L}{3,}/u.test(word) ? word.slice(2) : null;
}

/**
 * The text stored in a search column: normalised, plus each Arabic word without its definite article,
 * so that "ساعة" finds "الساعة" (the query side adds the reverse, see ftsTerms users).
 */
export function searchIndexText(input: string): string {
  const text = normalizeSearchText(input);
  const extra = text
    .split(' ')
    .map(withoutArticle)
    .filter((w): w is string => !!w);
  return extra.length ? `${text} ${[...new Set(extra)].join(' ')}` : text;
}
