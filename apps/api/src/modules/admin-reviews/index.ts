import {
  adminReviewHideBody,
  adminReviewParams,
  adminReviewResponseSchema,
  adminReviewsQuery,
  adminReviewsResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound, route } from '../../http/route';
import { operatorActor } from '../audit';
import { createAdminReviewsService, REVIEW_NOT_FOUND } from './admin-reviews.service';

/** A path id that is not a positive whole number names no review: 404. */
const reviewIdOf = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound(REVIEW_NOT_FOUND);
  return Number(raw);
};

/**
 * The operator console's reviews (issue 39): every customer's review, and hiding one that breaks the
 * rules, or showing it again. Every route is auth 'operator'; every change is in the audit log, in its
 * transaction.
 */
export async function adminReviewsRoutes(app: FastifyInstance) {
  const reviews = createAdminReviewsService({ db: app.db, dialect: app.dialect, now: app.config.now });
  const tags = ['admin'];

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/reviews',
      summary:
        "Every review, newest first, hidden ones included; search the text, the writer's name or the product's name; filter by stars and visibility",
      tags,
      auth: 'operator',
      query: adminReviewsQuery,
      response: adminReviewsResponseSchema,
    },
    async ({ query, req }) => ({ data: await reviews.list(query, req.locale) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/reviews/:id/hide',
      summary:
        'Hide a review that breaks the rules ({reason}, kept in the audit log): it leaves the product and shop pages and the ratings',
      tags,
      auth: 'operator',
      params: adminReviewParams,
      body: adminReviewHideBody,
      response: adminReviewResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const id = reviewIdOf(params.id);
      const review = await reviews.setHidden(await operatorActor(app.db, auth, req.ip), id, true, body.reason, req.locale);
      return { message: 'Review hidden.', data: { review } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/reviews/:id/show',
      summary: 'Show a hidden review again: it returns to the product and shop pages and the ratings',
      tags,
      auth: 'operator',
      params: adminReviewParams,
      response: adminReviewResponseSchema,
    },
    async ({ auth, params, req }) => {
      const id = reviewIdOf(params.id);
      const review = await reviews.setHidden(await operatorActor(app.db, auth, req.ip), id, false, null, req.locale);
      return { message: 'Review shown.', data: { review } };
    },
  );
}
