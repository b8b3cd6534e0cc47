import {
  type Locale,
  type OwnReview,
  type ProductReviewAnswer,
  type ProductReviewBody,
  type ProductReviewUpdateBody,
  REVIEW_EDIT_DAYS,
} from '@souq/contracts';
import type { Db, Dialect } from '../../db';
import { HttpError, notFound, validationError } from '../../http/route';
import { isUniqueViolation } from '../../db/errors';
import { photoList, publicReview } from '../catalog';
import type { ReviewPhotos } from './photos';
import * as repo from './reviews.repository';

const DAY_MS = 86_400_000;

/** Until when a review written at `createdAt` may be changed (ISO 8601), or null once that is past. */
export function editableUntil(createdAt: string, now: Date): string | null {
  const until = new Date(Date.parse(createdAt) + REVIEW_EDIT_DAYS * DAY_MS);
  return until.getTime() > now.getTime() ? until.toISOString() : null;
}

export const ownReview = (
  r: { id: number; rating: number; description: string | null; created_at: string; photos: string },
  now: Date,
): OwnReview => ({
  id: r.id,
  rating: Number(r.rating),
  description: r.description,
  created_at: r.created_at,
  editable_until: editableUntil(r.created_at, now),
  photos: photoList(r.photos),
});

const ALREADY = 'You have already reviewed this product for this order.';

/**
 * A customer reviews a product of one of their delivered orders, once per product per order, and may
 * change it for REVIEW_EDIT_DAYS days. The product's and its shop's rating and count are recounted in the
 * same transaction, with their rows held (PostgreSQL) so that reviews written at once all count.
 */
export function createReviewsService({
  db,
  dialect,
  now,
  photos,
}: {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  photos: ReviewPhotos;
}) {
  async function answer(trx: Parameters<typeof repo.reviewOf>[0], id: number, userId: number, locale: Locale) {
    const row = await repo.reviewOf(trx, { id, userId });
    if (!row) throw new Error(`review ${id} vanished`);
    const figures = await repo.recountRatings(trx, row.product_id, row.shop_id);
    return {
      review: publicReview(row, locale),
      product: { id: row.product_id, rating: Number(figures.rating), total_reviews: Number(figures.total_reviews) },
    };
  }

  /** `uploads`: the photos sent with it (at most REVIEW_PHOTOS_MAX, checked by the route's reader). */
  async function create(
    userId: number,
    body: ProductReviewBody,
    uploads: Buffer[],
    locale: Locale,
  ): Promise<ProductReviewAnswer> {
    // Decoded and stored before the transaction (no decoding while rows are held); removed if it fails.
    const stored = uploads.length ? await photos.store(uploads) : null;
    try {
      return await db.transaction().execute(async (trx) => {
        const order = await repo.ownOrder(trx, body.order_id, userId);
        if (!order) throw notFound('Order not found.');
        if (!(await repo.orderHoldsProduct(trx, order.id, body.product_id)))
          throw validationError({ product_id: ['This product is not part of the order.'] });
        if (order.order_status !== 'Delivered')
          throw validationError({ order_id: ['You can review a product once its order has been delivered.'] });
        await repo.lockRatings(trx, dialect, body.product_id, order.shop_id);
        if (await repo.reviewOf(trx, { orderId: order.id, productId: body.product_id })) throw new HttpError(409, ALREADY);
        const user = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
        const { id } = await trx
          .insertInto('reviews')
          .values({
            product_id: body.product_id,
            shop_id: order.shop_id,
            order_id: order.id,
            user_id: userId,
            customer_name: user.name,
            rating: body.rating,
            description: body.description || null,
            created_at: now().toISOString(),
            photos: JSON.stringify(stored?.urls ?? []),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return answer(trx, id, userId, locale);
      });
    } catch (error) {
      await stored?.discard();
      // The same review sent twice at once: the second meets the first's row in the unique index.
      if (isUniqueViolation(error)) throw new HttpError(409, ALREADY);
      throw error;
    }
  }

  async function update(userId: number, id: number, body: ProductReviewUpdateBody, locale: Locale): Promise<ProductReviewAnswer> {
    return db.transaction().execute(async (trx) => {
      const before = await repo.reviewOf(trx, { id, userId });
      if (!before) throw notFound('Review not found.');
      const at = now();
      if (!editableUntil(before.created_at, at))
        throw validationError({ review: [`A review can be changed for ${REVIEW_EDIT_DAYS} days after it was written.`] });
      await repo.lockRatings(trx, dialect, before.product_id, before.shop_id);
      await trx
        .updateTable('reviews')
        .set({ rating: body.rating, description: body.description || null, updated_at: at.toISOString() })
        .where('id', '=', id)
        .execute();
      return answer(trx, id, userId, locale);
    });
  }

  return { create, update };
}
