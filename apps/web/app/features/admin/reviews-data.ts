import type { AdminReview, AdminReviews } from '@souq/contracts';
import { ADMIN_SEARCH_MAX } from '@souq/contracts/admin-desk-constants';
import {
  ADMIN_REVIEW_VISIBILITIES,
  ADMIN_REVIEWS_PER_PAGE,
  type AdminReviewVisibility,
  REVIEW_HIDE_REASON_MAX,
} from '@souq/contracts/admin-reviews-constants';
import type { PageData } from '~/features/account';
import type { Translate } from '~/shared/i18n';
import { actionResult, type ActionResult, type FieldErrors } from '~/shared/ui/form';
import { loadAdmin } from './data';
import { fetchAdminReviews, setReviewHidden } from './reviews-api';

/**
 * The console's reviews screen (/admin/reviews, issue 39): its loader reads the list, its action hides or
 * shows one review (decision 036: clientLoader and clientAction).
 */

export const REVIEWS_HOME = '/admin/reviews';
export const REVIEW_RATINGS = [5, 4, 3, 2, 1] as const;

export interface ReviewsParams {
  search: string;
  rating: number | null;
  visibility: AdminReviewVisibility;
  page: number;
}

export function reviewsParams(params: URLSearchParams): ReviewsParams {
  const rating = Number(params.get('rating'));
  const visibility = params.get('visibility') ?? '';
  return {
    search: (params.get('q') ?? '').trim().slice(0, ADMIN_SEARCH_MAX),
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
    visibility: (ADMIN_REVIEW_VISIBILITIES as readonly string[]).includes(visibility)
      ? (visibility as AdminReviewVisibility)
      : 'all',
    page: Math.min(100000, Math.max(1, Math.floor(Number(params.get('page'))) || 1)),
  };
}

/** The screen's address: only what differs from the first page of every review. */
export function reviewsHref(p: Partial<ReviewsParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set('q', p.search);
  if (p.rating) q.set('rating', String(p.rating));
  if (p.visibility && p.visibility !== 'all') q.set('visibility', p.visibility);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${REVIEWS_HOME}${s ? `?${s}` : ''}`;
}

export interface ReviewsData extends ReviewsParams {
  list: PageData<AdminReviews>;
}

export async function loadReviews({ request }: { request: Request }): Promise<ReviewsData> {
  const p = reviewsParams(new URL(request.url).searchParams);
  const list = await loadAdmin(() => fetchAdminReviews({ ...p, perPage: ADMIN_REVIEWS_PER_PAGE }, request.signal), request);
  return { ...p, list };
}

/** The reason asked for before hiding: required, at most REVIEW_HIDE_REASON_MAX characters. */
export function checkHideReason(reason: string, t: Translate): FieldErrors {
  const r = reason.trim();
  if (!r) return { reason: t('admin.reviews.reason_required') };
  if (r.length > REVIEW_HIDE_REASON_MAX) return { reason: t('admin.reviews.reason_too_long', { max: REVIEW_HIDE_REASON_MAX }) };
  return {};
}

/** Hides (`intent=hide`, with `reason`) or shows (`intent=show`) the review `id`. */
export async function reviewsAction({ request }: { request: Request }): Promise<ActionResult<AdminReview>> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const hide = form.get('intent') === 'hide';
  return actionResult(() => setReviewHidden(id, hide, hide ? String(form.get('reason') ?? '') : undefined));
}
