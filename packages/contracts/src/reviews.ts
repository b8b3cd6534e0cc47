import { z } from 'zod';
import { envelope } from './common';
import { bodyId } from './commerce';
import { reviewSchema } from './catalog';
import { REVIEW_TEXT_MAX } from './constants';
import { multilineText } from './text';

// ---------------------------------------------------------------------------------------------------
// A customer's review of a product they received (issue 39; API.md "Reviews"): one per product of a
// delivered order, 1–5 stars and a text, editable by its writer for REVIEW_EDIT_DAYS days (constants.ts).
// ---------------------------------------------------------------------------------------------------


const ratingField = z
  .union([z.number(), z.string().regex(/^\d{1,2}$/)], {
    error: (iss) => (iss.input === undefined ? 'The rating field is required.' : 'The rating must be an integer.'),
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int('The rating must be an integer.')
      .min(1, 'The rating must be between 1 and 5.')
      .max(5, 'The rating must be between 1 and 5.'),
  );

/** `description` may be empty (stars alone); absent is the same as empty. */
const reviewText = z.preprocess((v) => v ?? '', multilineText('description', REVIEW_TEXT_MAX, { optional: true }));

/** POST /api/product-review. */
export const productReviewBody = z.object({
  product_id: bodyId('product id'),
  order_id: bodyId('order id'),
  rating: ratingField,
  description: reviewText,
});
export type ProductReviewBody = z.infer<typeof productReviewBody>;

/** PUT /api/product-review/{id}: the writer's change within REVIEW_EDIT_DAYS days (both fields, as written anew). */
export const productReviewUpdateBody = z.object({ rating: ratingField, description: reviewText });
export type ProductReviewUpdateBody = z.infer<typeof productReviewUpdateBody>;

export const productReviewParams = z.object({ id: z.string() });

/** The review as the product page shows it, with the product's new figures. */
export const productReviewResponseSchema = envelope(
  z.object({
    review: reviewSchema,
    product: z.object({ id: z.number().int(), rating: z.number(), total_reviews: z.number().int() }),
  }),
);
export type ProductReviewAnswer = z.infer<typeof productReviewResponseSchema>['data'];
