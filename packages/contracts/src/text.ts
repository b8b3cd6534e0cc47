import { z } from 'zod';
import { hasControl, stripInvisible } from './clean';

export { hasControl, stripInvisible } from './clean';

/** How a message names a field: `phone_code` → `phone code`. */
export const fieldLabel = (field: string) => field.replace(/_/g, ' ');

/** A string field with Laravel-like messages ('The phone field is required.', '… must be a string.'). */
export const stringField = (field: string) =>
  z.string({
    error: (iss) =>
      iss.input === undefined || iss.input === null
        ? `The ${fieldLabel(field)} field is required.`
        : `The ${fieldLabel(field)} field must be a string.`,
  });

/**
 * A single-line text input: invisible characters stripped and the ends trimmed, control characters
 * refused with `The <label> field must not contain control characters.` (a NUL byte would otherwise
 * reach the database). Chain `.min()`/`.max()` as on any string.
 */
export const cleanText = (label: string, base: z.ZodString = z.string()) =>
  base.overwrite(stripInvisible).refine((s) => !hasControl(s), `The ${label} field must not contain control characters.`);

// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;

/**
 * A text of several lines (a review, a shop's reply): invisible formatting characters removed, CR LF and
 * CR become LF, at most one empty line in a row, trimmed; every other control character refused; at most
 * `max` characters, and at least one unless `optional` (then empty is allowed).
 */
export const multilineText = (field: string, max: number, { optional = false } = {}) =>
  stringField(field)
    .overwrite((s) =>
      s
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => stripInvisible(line))
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    )
    .refine((s) => !CONTROL_BUT_LINE_BREAK.test(s), `The ${fieldLabel(field)} field must not contain control characters.`)
    .refine((s) => optional || s.length > 0, `The ${fieldLabel(field)} field is required.`)
    .refine((s) => s.length <= max, `The ${fieldLabel(field)} field must not be greater than ${max} characters.`);

/** A real calendar date written YYYY-MM-DD (2023-02-31 is not one). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
