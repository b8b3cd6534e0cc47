import { z } from 'zod';
import { ADMIN_SEARCH_MAX } from './admin-desk-constants';
import { ADMIN_REVIEW_VISIBILITIES, ADMIN_REVIEWS_PER_PAGE, REVIEW_HIDE_REASON_MAX } from './admin-reviews-constants';
import { listQuery, queryInt } from './catalog';
import { envelope, getQuery } from './common';
import { cleanText, multilineText } from './text';

// ---------------------------------------------------------------------------------------------------
// The operator console's reviews (issue 39): every customer's review, and hiding one that breaks the
// rules (or showing it again). A hidden review leaves the product page, the shop page and the ratings;
// its shop still sees it in the seller centre, marked hidden.
//
// - GET /api/admin/reviews?search&rating&visibility=all|visible|hidden&page&per_page → {total, reviews},
//   newest first. The search matches the review's text, its writer's name or its product's name.
// - POST /api/admin/reviews/{id}/hide {reason} and POST /api/admin/reviews/{id}/show → {review}. The
//   state it already has is answered as it is (nothing recorded); the audit log records review.hide
//   (with the reason) and review.show.
// ---------------------------------------------------------------------------------------------------

export { ADMIN_REVIEW_VISIBILITIES, ADMIN_REVIEWS_PER_PAGE, REVIEW_HIDE_REASON_MAX } from './admin-reviews-constants';
export type { AdminReviewVisibility } from './admin-reviews-constants';

export const adminReviewsQuery = getQuery(
  listQuery(ADMIN_REVIEWS_PER_PAGE).extend({
    search: cleanText('search')
      .max(ADMIN_SEARCH_MAX, `The search field must not be greater than ${ADMIN_SEARCH_MAX} characters.`)
      .optional(),
    rating: queryInt('rating', { min: 1, max: 5 }).optional(),
    visibility: z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .pipe(
        z.enum(ADMIN_REVIEW_VISIBILITIES, {
          error: `The visibility must be one of: ${ADMIN_REVIEW_VISIBILITIES.join(', ')}.`,
        }),
      )
      .optional(),
  }),
);
export type AdminReviewsQuery = z.input<typeof adminReviewsQuery>;

export const adminReviewParams = z.object({ id: z.string() });

/** `/hide`: why (required, at most REVIEW_HIDE_REASON_MAX characters; line breaks kept); it goes to the audit log. */
export const adminReviewHideBody = z.object({ reason: multilineText('reason', REVIEW_HIDE_REASON_MAX) });
export type AdminReviewHideBody = z.infer<typeof adminReviewHideBody>;

export const adminReviewSchema = z.object({
  id: z.number().int(),
  /** Names in the request's language. */
  product: z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string().nullable() }),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  customer_name: z.string(),
  rating: z.number().int(),
  description: z.string().nullable(),
  /** The shop's answer, or null. */
  reply: z.string().nullable(),
  is_hidden: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsSchema = z.object({ total: z.number().int(), reviews: z.array(adminReviewSchema) });
export type AdminReviews = z.infer<typeof adminReviewsSchema>;
export const adminReviewsResponseSchema = envelope(adminReviewsSchema);
export const adminReviewResponseSchema = envelope(z.object({ review: adminReviewSchema }));
