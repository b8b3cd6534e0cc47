import type { SellerReview, SellerReviewsAnswer } from '@souq/contracts';
import type { PageData } from '~/features/account';
import { actionResult, type ActionResult } from '~/shared/ui/form';
import { loadSeller } from './data';
import { fetchSellerReviews, replyToReview } from './shop-api';

/**
 * /seller/reviews's loader and action (decision 036): a page of the shop's reviews, optionally of one
 * star value (`?rating=&page=`); the action writes a review's reply, after which the page loads again.
 */

export const RATINGS = [5, 4, 3, 2, 1] as const;

export function sellerReviewsParams(params: URLSearchParams): { rating: number | null; page: number } {
  const rating = Number(params.get('rating'));
  return {
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

export function sellerReviewsHref(rating: number | null, page = 1): string {
  const q = new URLSearchParams();
  if (rating) q.set('rating', String(rating));
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `/seller/reviews${s ? `?${s}` : ''}`;
}

export interface SellerReviewsData {
  rating: number | null;
  page: number;
  list: PageData<SellerReviewsAnswer>;
}

export async function loadSellerReviews({ request }: { request: Request }): Promise<SellerReviewsData> {
  const { rating, page } = sellerReviewsParams(new URL(request.url).searchParams);
  return { rating, page, list: await loadSeller(() => fetchSellerReviews({ rating, page }, request.signal)) };
}

export async function sellerReviewAction({ request }: { request: Request }): Promise<ActionResult<SellerReview>> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  return actionResult(() => replyToReview(id, String(form.get('reply') ?? '')));
}
