import { z } from 'zod';
import { withoutBlanks } from './product-query';

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

/**
 * The schema of a GET endpoint's query: every one is made with this. An empty parameter is an absent one
 * (`?brand_id=&category_id=` asks for nothing; a required one is "required", not "must be an integer"),
 * as the original server read the original web client, which sends every parameter it knows, empty when
 * unset. apps/api/test/original-client.test.ts walks every GET route and proves it.
 */
export const getQuery = <T extends z.ZodType>(schema: T) => z.preprocess(withoutBlanks, schema);

/** Query helpers: numbers arrive as strings in a query string. */
export const pageQuery = getQuery(
  z.object({
    page: z.coerce.number().int().min(1).max(100000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
  }),
);

export const localeSchema = z.enum(['ar', 'en']);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'ar';

/** The envelope's type: what every answer of the API carries (`data`, sometimes a `message`). */
export interface Envelope<T> {
  message?: string;
  data: T;
}
