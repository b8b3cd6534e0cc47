import { productReviewBody, productReviewParams, productReviewResponseSchema, productReviewUpdateBody } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound, route } from '../../http/route';
import { createReviewsService } from './reviews.service';

export { editableUntil, ownReview } from './reviews.service';
export { lockRatings, recountRatings, reviewsOfOrder } from './reviews.repository';

/**
 * A customer's reviews of what was delivered to them (issue 39; API.md "Reviews"): write one per product
 * of a delivered order, change it for 30 days. Someone else's order or review is 404.
 */
export async function reviewsRoutes(app: FastifyInstance) {
  const reviews = createReviewsService({ db: app.db, dialect: app.dialect, now: app.config.now });
  const tags = ['reviews'];

  route(
    app,
    {
      method: 'POST',
      url: '/api/product-review',
      summary: 'Review a product of one of your delivered orders (once per product per order)',
      tags,
      auth: 'user',
      body: productReviewBody,
      response: productReviewResponseSchema,
    },
    async ({ auth, body, req, reply }) => {
      reply.code(201);
      return { message: 'Thank you for your review.', data: await reviews.create(auth.id, body, req.locale) };
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/product-review/:id',
      summary: 'Change your review, within 30 days of writing it',
      tags,
      auth: 'user',
      params: productReviewParams,
      body: productReviewUpdateBody,
      response: productReviewResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      if (!/^\d{1,10}$/.test(params.id) || Number(params.id) > 2_147_483_647) throw notFound('Review not found.');
      return { message: 'Your review was updated.', data: await reviews.update(auth.id, Number(params.id), body, req.locale) };
    },
  );
}
