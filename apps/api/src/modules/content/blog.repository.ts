import { sql } from 'kysely';
import type { DbOrTrx } from '../../db';

/** All SQL of the blog: published posts, their categories, related and popular posts, views. */

const postColumns = [
  'b.id',
  'b.title',
  'b.title_ar',
  'b.slug',
  'b.thumbnail',
  'b.description',
  'b.description_ar',
  'b.post_by',
  'b.post_by_ar',
  'b.total_views',
  'b.created_at',
  'c.id as category_id',
  'c.name as category_name',
  'c.name_ar as category_name_ar',
  'c.slug as category_slug',
] as const;

const published = (db: DbOrTrx) =>
  db
    .selectFrom('blogs as b')
    .innerJoin('blog_categories as c', 'c.id', 'b.blog_category_id')
    .where('b.is_active', '=', 1)
    .where('c.is_active', '=', 1);

export type PostRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

/** Active categories in display order with their published posts counted (empty ones included). */
export const listCategories = (db: DbOrTrx) =>
  db
    .selectFrom('blog_categories as c')
    .leftJoin('blogs as b', (j) => j.onRef('b.blog_category_id', '=', 'c.id').on('b.is_active', '=', 1))
    .select(['c.id', 'c.name', 'c.name_ar', 'c.slug', (eb) => eb.fn.count<number>('b.id').as('total_blogs')])
    .where('c.is_active', '=', 1)
    .groupBy(['c.id', 'c.name', 'c.name_ar', 'c.slug', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();

export async function countPosts(db: DbOrTrx, categoryId?: number): Promise<number> {
  let q = published(db).select((eb) => eb.fn.countAll<number>().as('n'));
  if (categoryId !== undefined) q = q.where('b.blog_category_id', '=', categoryId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Newest first. */
export function listPosts(db: DbOrTrx, categoryId: number | undefined, limit: number, offset: number) {
  let q = published(db).select(postColumns);
  if (categoryId !== undefined) q = q.where('b.blog_category_id', '=', categoryId);
  return q.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).offset(offset).execute();
}

/** A published post by its slug, or by its id when `key` is a number. */
export function findPost(db: DbOrTrx, key: { slug: string } | { id: number }) {
  const q = published(db).select(postColumns);
  return ('id' in key ? q.where('b.id', '=', key.id) : q.where('b.slug', '=', key.slug)).executeTakeFirst();
}

/** Other posts of the same category, newest first. */
export const relatedPosts = (db: DbOrTrx, post: { id: number; category_id: number }, limit: number) =>
  published(db)
    .select(postColumns)
    .where('b.blog_category_id', '=', post.category_id)
    .where('b.id', '<>', post.id)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();

/** The most read posts but this one. */
export const popularPosts = (db: DbOrTrx, exceptId: number, limit: number) =>
  published(db)
    .select(postColumns)
    .where('b.id', '<>', exceptId)
    .orderBy('b.total_views', 'desc')
    .orderBy('b.id')
    .limit(limit)
    .execute();

// --- Views -------------------------------------------------------------------------------------------

/** The salt of `day`, created by whichever process asks first (every instance then uses the same). */
export async function daySalt(db: DbOrTrx, day: string, fresh: string): Promise<string> {
  await db
    .insertInto('blog_view_salts')
    .values({ day, salt: fresh })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('blog_view_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Forgets the salts and view keys of the days before `day`. */
export async function pruneViewsBefore(db: DbOrTrx, day: string): Promise<void> {
  await db.deleteFrom('blog_view_salts').where('day', '<', day).execute();
  await db.deleteFrom('blog_views').where('day', '<', day).execute();
}

/** Records the visitor's view of the day; true when it is new (and the post's count went up). */
export async function recordView(db: DbOrTrx, blogId: number, day: string, visitor: string): Promise<boolean> {
  const inserted = await db
    .insertInto('blog_views')
    .values({ blog_id: blogId, day, visitor })
    .onConflict((oc) => oc.columns(['blog_id', 'day', 'visitor']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .updateTable('blogs')
    .set({ total_views: sql`total_views + 1` })
    .where('id', '=', blogId)
    .execute();
  return true;
}

export async function totalViews(db: DbOrTrx, blogId: number): Promise<number> {
  const row = await db.selectFrom('blogs').select('total_views').where('id', '=', blogId).executeTakeFirst();
  return Number(row?.total_views ?? 0);
}

// --- Legal and policy pages ---------------------------------------------------------------------------

export const findLegalPage = (db: DbOrTrx, slug: string) =>
  db
    .selectFrom('legal_pages')
    .select(['slug', 'title', 'title_ar', 'description', 'description_ar', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
