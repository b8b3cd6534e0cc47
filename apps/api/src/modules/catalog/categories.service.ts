import { type Category, hasControl, type Locale, type SubCategory } from '@souq/contracts';
import type { Db } from '../../db';
import { notFound } from '../../http/route';
import { localized } from '../../shared/localized';
import * as repo from './categories.repository';

export interface CategoriesService {
  list(locale: Locale, page: number, perPage: number): Promise<{ total: number; categories: Category[] }>;
  subCategories(locale: Locale, categoryId: number): Promise<SubCategory[]>;
  /** One active category with its sub-categories, by slug or id; 404 when there is none. */
  category(locale: Locale, slugOrId: string): Promise<Category>;
}

export function createCategoriesService(db: Db): CategoriesService {
  const toSub = (s: { id: number; name: string; name_ar: string | null; thumbnail: string | null }, locale: Locale) => ({
    id: s.id,
    name: localized(s.name, s.name_ar, locale),
    thumbnail: s.thumbnail,
  });

  const toCategory = (
    c: { id: number; slug: string; name: string; name_ar: string | null; thumbnail: string | null },
    subs: Array<{ id: number; category_id: number; name: string; name_ar: string | null; thumbnail: string | null }>,
    locale: Locale,
  ): Category => ({
    id: c.id,
    slug: c.slug,
    name: localized(c.name, c.name_ar, locale),
    name_ar: c.name_ar,
    thumbnail: c.thumbnail,
    sub_categories: subs.filter((s) => s.category_id === c.id).map((s) => toSub(s, locale)),
  });

  return {
    async list(locale, page, perPage) {
      const [total, rows] = await Promise.all([
        repo.countActiveCategories(db),
        repo.listActiveCategories(db, perPage, (page - 1) * perPage),
      ]);
      const subs = await repo.listActiveSubCategories(
        db,
        rows.map((r) => r.id),
      );
      return {
        total,
        categories: rows.map((c) => toCategory(c, subs, locale)),
      };
    },

    async category(locale, slugOrId) {
      // A slug never holds a control character (PostgreSQL refuses NUL in text): no such category.
      const row = hasControl(slugOrId) ? undefined : await repo.findActiveCategoryBySlugOrId(db, slugOrId);
      if (!row) throw notFound('Category not found.');
      return toCategory(row, await repo.listActiveSubCategories(db, [row.id]), locale);
    },

    async subCategories(locale, categoryId) {
      const category = await repo.findActiveCategory(db, categoryId);
      if (!category) throw notFound('Category not found.');
      const subs = await repo.listActiveSubCategories(db, [category.id]);
      return subs.map((s) => toSub(s, locale));
    },
  };
}
