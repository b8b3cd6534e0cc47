import { z } from 'zod';

/** Every answer of the API is wrapped in this envelope. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string().optional(), data });

/** 422 answer: the first message of each field is what the UI shows under that field. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** 400/401/403/404/409/429 answers. */
export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

/** Query helpers: numbers arrive as strings in a query string. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});

export const localeSchema = z.enum(['ar', 'en']);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'ar';
