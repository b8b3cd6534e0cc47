import type { FastifyInstance } from 'fastify';
import {
  categoriesQuerySchema,
  categoriesResponseSchema,
  categoryParamsSchema,
  categoryResponseSchema,
  subCategoriesQuerySchema,
  subCategoriesResponseSchema,
} from '@souq/contracts';
import { route } from '../../http/route';
import { createCategoriesService } from './categories.service';

export async function categoriesRoutes(app: FastifyInstance) {
  const categories = createCategoriesService(app.readDb);

  route(
    app,
    {
      method: 'GET',
      url: '/api/categories',
      publicCache: true,
      summary: 'Active categories with their sub-categories, in display order',
      tags: ['catalog'],
      query: categoriesQuerySchema,
      response: categoriesResponseSchema,
    },
    async ({ query, req }) => ({ data: await categories.list(req.locale, query.page, query.per_page) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/categories/:slugOrId',
      publicCache: true,
      summary: 'One active category with its sub-categories, by its slug or its id',
      tags: ['catalog'],
      params: categoryParamsSchema,
      response: categoryResponseSchema,
    },
    async ({ params, req }) => ({ data: { category: await categories.category(req.locale, params.slugOrId) } }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/sub-categories',
      publicCache: true,
      summary: 'Sub-categories of one category',
      tags: ['catalog'],
      query: subCategoriesQuerySchema,
      response: subCategoriesResponseSchema,
    },
    async ({ query, req }) => ({
      data: { sub_categories: await categories.subCategories(req.locale, query.category_id) },
    }),
  );
}
