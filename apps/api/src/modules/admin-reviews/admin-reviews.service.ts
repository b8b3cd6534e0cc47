import type { AdminReview, AdminReviews, AdminReviewVisibility, Locale } from '@souq/contracts';
import { ADMIN_REVIEWS_PER_PAGE } from '@souq/contracts/admin-reviews-constants';
import type { Db, Dialect } from '../../db';
import { isOn } from '../../db';
import { notFound } from '../../http/route';
import { localized } from '../../shared/localized';
import { type Actor, changesOf, recordAudit } from '../audit';
import { lockRatings, recountRatings } from '../reviews';
import * as repo from './admin-reviews.repository';

export const REVIEW_NOT_FOUND = 'Review not found.';

const toReview = (r: repo.AdminReviewRow, locale: Locale): AdminReview => ({
  id: r.id,
  product: { id: r.product_id, name: localized(r.product_name, r.product_name_ar, locale), thumbnail: r.product_thumbnail },
  shop: { id: r.shop_id, name: localized(r.shop_name, r.shop_name_ar, locale) },
  customer_name: r.customer_name,
  rating: Number(r.rating),
  description: r.description,
  reply: r.reply,
  is_hidden: isOn(r.is_hidden),
  created_at: r.created_at,
});

/**
 * The operator's review moderation (issue 39): every review, searchable; hiding one that breaks the rules
 * takes it off the product page, the shop page and the ratings (the product's and the shop's rating and
 * count are recounted in the same transaction, their rows held as a customer's review holds them), and
 * showing it brings it back. Each change is in the audit log, in its transaction.
 */
export function createAdminReviewsService({ db, dialect, now }: { db: Db; dialect: Dialect; now: () => Date }) {
  async function list(
    q: { search?: string; rating?: number; visibility?: AdminReviewVisibility; page?: number; per_page?: number },
    locale: Locale,
  ): Promise<AdminReviews> {
    const page = q.page ?? 1;
    const perPage = q.per_page ?? ADMIN_REVIEWS_PER_PAGE;
    const hidden = q.visibility === 'hidden' ? true : q.visibility === 'visible' ? false : undefined;
    const { rows, total } = await repo.listReviews(
      db,
      { search: q.search?.trim() || undefined, rating: q.rating, hidden },
      page,
      perPage,
    );
    return { total, reviews: rows.map((r) => toReview(r, locale)) };
  }

  /**
   * Hides (with the operator's reason) or shows a review. The state it already has is answered as it is,
   * with no audit entry: nothing changed.
   */
  async function setHidden(
    actor: Actor,
    id: number,
    hidden: boolean,
    reason: string | null,
    locale: Locale,
  ): Promise<AdminReview> {
    const before = await repo.findReview(db, id);
    if (!before) throw notFound(REVIEW_NOT_FOUND);
    if (isOn(before.is_hidden) === hidden) return toReview(before, locale);
    const at = now();
    await db.transaction().execute(async (trx) => {
      // The same order as a customer's review (the product's and shop's rows, then the review's).
      await lockRatings(trx, dialect, before.product_id, before.shop_id);
      // Another operator's same change meanwhile: nothing more to do.
      if (!(await repo.setHidden(trx, id, hidden))) return;
      await recountRatings(trx, before.product_id, before.shop_id);
      await recordAudit(
        trx,
        actor,
        {
          action: hidden ? 'review.hide' : 'review.show',
          targetType: 'review',
          targetId: id,
          changes: {
            ...changesOf({ is_hidden: !hidden }, { is_hidden: hidden }),
            ...(reason ? { reason: [null, reason] } : {}),
          },
        },
        at,
      );
    });
    return toReview((await repo.findReview(db, id))!, locale);
  }

  return { list, setHidden };
}
export type AdminReviewsService = ReturnType<typeof createAdminReviewsService>;
