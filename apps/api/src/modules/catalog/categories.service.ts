import type { Category, Locale, SubCategory } from '@souq/contracts';
import type { Db } from '../../db';
import { notFound } from '../../http/route';
import { localized } from '../../shared/localized';
import * as repo from './categories.repository';

export interface CategoriesService {
  list(locale: Locale, page: number, perPage: number): Promise<{ total: number; categories: Category[] }>;
  subCategories(locale: Locale, categoryId: number): Promise<SubCategory[]>;
}

export function createCategoriesService(db: Db): CategoriesService {
  const toSub = (s: { id: number; name: string; name_ar: string | null; thumbnail: string | null }, locale: Locale) => ({
    id: s.id,
    name: localized(s.name, s.name_ar, locale),
    thumbnail: s.thumbnail,
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
        categories: rows.map((c) => ({
          id: c.id,
          slug: c.slug,
          name: localized(c.name, c.name_ar, locale),
          name_ar: c.name_ar,
          thumbnail: c.thumbnail,
          sub_categories: subs.filter((s) => s.category_id === c.id).map((s) => toSub(s, locale)),
        })),
      };
    },

    async subCategories(locale, categoryId) {
      const category = await repo.findActiveCategory(db, categoryId);
      if (!category) throw notFound('Category not found.');
      const subs = await repo.listActiveSubCategories(db, [category.id]);
      return subs.map((s) => toSub(s, locale));
    },
  };
}
