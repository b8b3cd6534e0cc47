// Plain text rules shared by the zod schemas (text.ts) and the browser. No zod here.

/**
 * Invisible formatting characters that carry no text of their own: the bidi marks (ALM, LRM, RLM),
 * embeddings, overrides and isolates, the zero-width space, word joiner and invisible operators, and
 * the byte-order mark. Removed from every text input, so a field cannot be "filled" with them, and
 * stored text cannot reorder what is shown around it.
 */
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/**
 * The zero-width non-joiner and joiner shape letters (Persian, Urdu) and emoji sequences inside a
 * text, so they stay there; at its ends they show nothing and go, with the surrounding white space.
 */
const EDGES = /^[\s\u200C\u200D]+|[\s\u200C\u200D]+$/g;
/** C0 controls (NUL, bell, tab, line breaks …), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** The text without invisible formatting characters and without white space or joiners at its ends. */
export const stripInvisible = (s: string): string => s.replace(INVISIBLE, '').replace(EDGES, '');

/** True when the text holds a control character (after stripping, so a trailing line break is fine). */
export const hasControl = (s: string): boolean => CONTROL.test(s);
