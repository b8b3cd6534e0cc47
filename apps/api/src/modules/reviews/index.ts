import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  productReviewBody,
  productReviewParams,
  productReviewResponseSchema,
  productReviewUpdateBody,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
} from '@souq/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipartForm } from '../../http/multipart-form';
import { notFound, parseOr422, route } from '../../http/route';
import { createReviewPhotos } from './photos';
import { createReviewsService } from './reviews.service';

const FIELDS = new Set(['product_id', 'order_id', 'rating', 'description']);

/** A new review: JSON, or a multipart form of the same fields with up to three `photos`. */
async function reviewOf(req: FastifyRequest) {
  if (!req.isMultipart()) return { body: parseOr422(productReviewBody, req.body), photos: [] as Buffer[] };
  const { fields, files } = await readMultipartForm(req, {
    textFields: FIELDS,
    fileField: 'photos',
    tooLarge: `Each photo must not be greater than ${REVIEW_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
    tooMany: `A review may have at most ${REVIEW_PHOTOS_MAX} photos.`,
  });
  return { body: parseOr422(productReviewBody, fields), photos: files };
}

export { editableUntil, ownReview } from './reviews.service';
export { lockRatings, recountRatings, reviewsOfOrder } from './reviews.repository';

/**
 * A customer's reviews of what was delivered to them (issue 39; API.md "Reviews"): write one per product
 * of a delivered order, change it for 30 days. Someone else's order or review is 404.
 */
export async function reviewsRoutes(app: FastifyInstance) {
  // Multipart is parsed only by this plugin's routes (a review with photos).
  await app.register(multipart, {
    limits: { fileSize: REVIEW_PHOTO_MAX_BYTES, files: REVIEW_PHOTOS_MAX, fields: 8, fieldSize: 8 * 1024, parts: 12 },
  });
  const photos = createReviewPhotos(path.join(app.config.dataDir, 'uploads'), app.config.accounts.photo);
  const reviews = createReviewsService({ db: app.db, dialect: app.dialect, now: app.config.now, photos });
  const tags = ['reviews'];

  route(
    app,
    {
      method: 'POST',
      url: '/api/product-review',
      summary:
        'Review a product of one of your delivered orders (once per product per order): JSON, or multipart with up to three `photos`',
      tags,
      auth: 'user',
      response: productReviewResponseSchema,
    },
    async ({ auth, req, reply }) => {
      const { body, photos: uploads } = await reviewOf(req);
      const data = await reviews.create(auth.id, body, uploads, req.locale);
      reply.code(201);
      return { message: 'Thank you for your review.', data };
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
