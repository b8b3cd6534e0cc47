import type { SellerReview, SellerReviewsAnswer, SellerShopProfile, SellerShopUpdateBody } from '@souq/contracts';
import { SELLER_REVIEWS_PER_PAGE } from '@souq/contracts/constants';
import { sellerCall, sellerForm } from './api';

/** The seller centre's Reviews and Shop profile calls (BACKOFFICE.md "Seller centre"). */

export async function fetchSellerReviews(
  q: { rating: number | null; page: number },
  signal?: AbortSignal,
): Promise<SellerReviewsAnswer> {
  const res = await sellerCall<SellerReviewsAnswer>('/seller/reviews', {
    query: { rating: q.rating ?? undefined, page: q.page, per_page: SELLER_REVIEWS_PER_PAGE },
    signal,
  });
  return res.data;
}

/** Writes (or replaces) the shop's reply to a review; answers the review. */
export async function replyToReview(id: number, reply: string): Promise<SellerReview> {
  const res = await sellerCall<{ review: SellerReview }>(`/seller/reviews/${id}/reply`, { method: 'POST', body: { reply } });
  return res.data.review;
}

export async function fetchSellerShop(signal?: AbortSignal): Promise<SellerShopProfile> {
  return (await sellerCall<{ shop: SellerShopProfile }>('/seller/shop', { signal })).data.shop;
}

/** PUT /seller/shop with only the fields that changed. */
export async function updateSellerShop(changes: SellerShopUpdateBody): Promise<SellerShopProfile> {
  return (await sellerCall<{ shop: SellerShopProfile }>('/seller/shop', { method: 'PUT', body: changes })).data.shop;
}

export async function uploadShopImage(kind: 'logo' | 'banner', file: File): Promise<SellerShopProfile> {
  const form = new FormData();
  form.append('image', file);
  return (await sellerForm<{ shop: SellerShopProfile }>(`/seller/shop/${kind}`, form)).data.shop;
}
