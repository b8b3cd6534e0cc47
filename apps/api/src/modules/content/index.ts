import {
  blogDetailsResponseSchema,
  blogParamsSchema,
  blogsQuerySchema,
  blogsResponseSchema,
  blogViewResponseSchema,
  legalPageParamsSchema,
  legalPageResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { enforceLimits } from '../../shared/rate-limit';
import { createContentService } from './content.service';

/** Views a client address may report per minute (each counts at most once per post and day anyway). */
const VIEWS_PER_MINUTE = 60;

/** The blog and the legal and policy pages (API.md "Support and content", issue 18). */
export async function contentRoutes(app: FastifyInstance) {
  const content = createContentService(app.db, app.dialect, app.config.now);
  const tags = ['content'];

  route(
    app,
    {
      method: 'GET',
      url: '/api/blogs',
      publicCache: true,
      summary: 'Published blog posts, newest first, optionally of one category; with the categories',
      tags,
      query: blogsQuerySchema,
      response: blogsResponseSchema,
    },
    async ({ query, req }) => ({ data: await content.blogs(req.locale, query.category_id, query.page, query.per_page) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/blog/:slugOrId/details',
      publicCache: true,
      summary: 'One blog post (sanitised HTML) with related and popular posts; does not count a view',
      tags,
      params: blogParamsSchema,
      response: blogDetailsResponseSchema,
    },
    async ({ params, req }) => ({ data: await content.blog(params.slugOrId, req.locale) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/blog/:slugOrId/view',
      auth: 'optional',
      summary: 'Count a view of a post: once per visitor (customer, or guest address and browser) and day',
      tags,
      params: blogParamsSchema,
      response: blogViewResponseSchema,
      bodyLimit: 1024,
    },
    async ({ params, req, auth }) => {
      await enforceLimits(
        app.limits,
        [{ key: `blog-view:ip:${req.ip}`, limit: VIEWS_PER_MINUTE, windowMs: 60_000 }],
        'Too many requests.',
      );
      const data = await content.view(params.slugOrId, {
        userId: auth?.id ?? null,
        ip: req.ip,
      });
      return { data };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/legal-pages/:slug',
      publicCache: true,
      summary: 'A static or policy page (about-us, privacy-policy, terms-and-conditions, any page slug)',
      tags,
      params: legalPageParamsSchema,
      response: legalPageResponseSchema,
    },
    async ({ params, req }) => ({ data: await content.legalPage(params.slug, req.locale) }),
  );
}

export { muscatDay } from './content.service';
