import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { Database } from '../../db/schema';

/** SQL of the operator console's reviews (issue 39). */

export interface ReviewFilter {
  search?: string;
  rating?: number;
  hidden?: boolean;
}

/** `%text%` for LIKE, its own `%`, `_` and `\` taken literally (with `escape '\'`), lower-cased. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeLower = (column: Expression<unknown>, pattern: string) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

type ReviewEb = ExpressionBuilder<Database & { r: Database['reviews'] }, 'r'>;

/**
 * A search matches the review's text, its writer's name, or its product's name in either language. The
 * reviews are read once (no index helps a `%text%`), and the products named by the search once, by the
 * subquery, not once per review.
 */
function reviewSearch(eb: ReviewEb, search: string) {
  const pattern = containsPattern(search);
  return eb.or([
    likeLower(eb.ref('r.description'), pattern),
    likeLower(eb.ref('r.customer_name'), pattern),
    eb(
      'r.product_id',
      'in',
      eb
        .selectFrom('products as sp')
        .select('sp.id')
        .where((p) => p.or([likeLower(p.ref('sp.name'), pattern), likeLower(p.ref('sp.name_ar'), pattern)])),
    ),
  ]);
}

const reviewsFrom = (db: DbOrTrx, f: ReviewFilter) => {
  let q = db.selectFrom('reviews as r');
  if (f.rating !== undefined) q = q.where('r.rating', '=', f.rating);
  if (f.hidden !== undefined) q = q.where('r.is_hidden', '=', f.hidden ? 1 : 0);
  if (f.search) {
    const search = f.search;
    q = q.where((eb) => reviewSearch(eb as unknown as ReviewEb, search));
  }
  return q;
};

const withNames = (db: DbOrTrx, f: ReviewFilter) =>
  reviewsFrom(db, f)
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('shops as s', 's.id', 'r.shop_id')
    .select([
      'r.id',
      'r.product_id',
      'r.shop_id',
      'r.customer_name',
      'r.rating',
      'r.description',
      'r.reply',
      'r.is_hidden',
      'r.created_at',
      'p.name as product_name',
      'p.name_ar as product_name_ar',
      'p.thumbnail as product_thumbnail',
      's.name as shop_name',
      's.name_ar as shop_name_ar',
    ]);

/** One page of the reviews (newest first, ties by id) and how many match. */
export async function listReviews(db: DbOrTrx, f: ReviewFilter, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    withNames(db, f)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    reviewsFrom(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findReview = (db: DbOrTrx, id: number) => withNames(db, {}).where('r.id', '=', id).executeTakeFirst();
export type AdminReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>;

/** Hides or shows a review; false when it already was (another operator's change meanwhile included). */
export async function setHidden(db: DbOrTrx, id: number, hidden: boolean) {
  const res = await db
    .updateTable('reviews')
    .set({ is_hidden: hidden ? 1 : 0 })
    .where('id', '=', id)
    .where('is_hidden', '=', hidden ? 0 : 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
