import type { AdminReview, AdminReviews } from '@souq/contracts';
import type { AdminReviewVisibility } from '@souq/contracts/admin-reviews-constants';
import { adminCall } from './api';

/** The console's reviews calls (issue 39), with the operator's token. */

export async function fetchAdminReviews(
  q: { search: string; rating: number | null; visibility: AdminReviewVisibility; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<AdminReviews> {
  const res = await adminCall<AdminReviews>('/admin/reviews', {
    query: {
      search: q.search || undefined,
      rating: q.rating ?? undefined,
      visibility: q.visibility === 'all' ? undefined : q.visibility,
      page: q.page,
      per_page: q.perPage,
    },
    signal,
  });
  return res.data;
}

/** Hides a review (with the reason, for the audit log) or shows it again. */
export async function setReviewHidden(id: number, hidden: boolean, reason?: string): Promise<AdminReview> {
  const res = await adminCall<{ review: AdminReview }>(`/admin/reviews/${id}/${hidden ? 'hide' : 'show'}`, {
    method: 'POST',
    ...(hidden ? { body: { reason } } : {}),
  });
  return res.data.review;
}
