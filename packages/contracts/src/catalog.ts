import { z } from 'zod';
import { envelope } from './common';

/**
 * Query-string integers: digits only (no sign, no decimals, no blanks), with messages the UI can show.
 * Query values arrive as strings; a repeated parameter arrives as an array and is refused.
 */
export const queryInt = (label: string, { min = 1, max = 1_000_000_000 }: { min?: number; max?: number } = {}) =>
  z
    .string({
      error: (iss) => (iss.input === undefined ? `The ${label} field is required.` : `The ${label} must be an integer.`),
    })
    .regex(/^\d{1,10}$/, `The ${label} must be an integer.`)
    .transform(Number)
    .pipe(z.number().min(min, `The ${label} must be at least ${min}.`).max(max, `The ${label} may not be greater than ${max}.`));

/** `page` (1-based) and `per_page` (1-100) of a list; both optional. */
export const listQuery = (defaultPerPage = 20) =>
  z.object({
    page: queryInt('page', { max: 100_000 }).optional().default(1),
    per_page: queryInt('per page', { max: 100 }).optional().default(defaultPerPage),
  });

export const CATEGORIES_PER_PAGE = 20;

export const categoriesQuerySchema = listQuery(CATEGORIES_PER_PAGE);
export type CategoriesQuery = z.input<typeof categoriesQuerySchema>;

export const subCategoriesQuerySchema = z.object({ category_id: queryInt('category id') });
export type SubCategoriesQuery = z.input<typeof subCategoriesQuerySchema>;

export const subCategorySchema = z.object({
  id: z.number().int(),
  /** In the request's language (Arabic falls back to English). */
  name: z.string(),
  thumbnail: z.string().nullable(),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** In the request's language (Arabic falls back to English). */
  name: z.string(),
  /** The Arabic name as stored (kept for clients that pick the language themselves). */
  name_ar: z.string().nullable(),
  thumbnail: z.string().nullable(),
  sub_categories: z.array(subCategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesResponseSchema = envelope(z.object({ total: z.number().int(), categories: z.array(categorySchema) }));
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const subCategoriesResponseSchema = envelope(z.object({ sub_categories: z.array(subCategorySchema) }));
export type SubCategoriesResponse = z.infer<typeof subCategoriesResponseSchema>;
