/**
 * Constants of the operator console's review moderation (issue 39), without zod, so the web app may
 * import them (`@souq/contracts/admin-reviews-constants`).
 */
export const ADMIN_REVIEWS_PER_PAGE = 20;
/** The most characters of the reason an operator gives for hiding a review (kept in the audit log). */
export const REVIEW_HIDE_REASON_MAX = 500;
export const ADMIN_REVIEW_VISIBILITIES = ['all', 'visible', 'hidden'] as const;
export type AdminReviewVisibility = (typeof ADMIN_REVIEW_VISIBILITIES)[number];
