import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  reviewReplyBody,
  SHOP_IMAGE_MAX_BYTES,
  sellerReviewParams,
  sellerReviewResponseSchema,
  sellerReviewsQuery,
  sellerReviewsResponseSchema,
  sellerShopResponseSchema,
  sellerShopUpdateBody,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { readMultipartForm } from '../../http/multipart-form';
import { HttpError, route, validationError } from '../../http/route';
import { enforceLimits, TooManyRequestsError } from '../../shared/rate-limit';
import { sellerActor } from '../audit';
import { createShopImageProcessors } from './images';
import { createSellerShopService } from './seller-shop.service';

const NO_TEXT = new Set<string>();

/** The seller centre's reviews and shop profile (BACKOFFICE.md "Seller centre"). */
export async function sellerShopRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: SHOP_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });
  const service = createSellerShopService({
    db: app.db,
    uploadsDir: path.join(app.config.dataDir, 'uploads'),
    images: createShopImageProcessors(app.config.accounts.photo),
    now: app.config.now,
  });
  const tags = ['seller'];

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/reviews',
      summary: "The reviews of the shop's products, newest first, optionally of one star value (1-5)",
      tags,
      auth: 'seller',
      query: sellerReviewsQuery,
      response: sellerReviewsResponseSchema,
    },
    async ({ auth, query, req }) => ({
      data: await service.reviews(auth.shopId, { rating: query.rating, page: query.page, perPage: query.per_page }, req.locale),
    }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/reviews/:id/reply',
      summary: "Writes the shop's reply to a review of its product (one reply; posting again replaces it)",
      tags,
      auth: 'seller',
      params: sellerReviewParams,
      body: reviewReplyBody,
      response: sellerReviewResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const actor = await sellerActor(app.db, auth, req.ip);
      return { message: 'Reply saved.', data: { review: await service.reply(actor, auth.shopId, params.id, body, req.locale) } };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/shop',
      summary: "The shop's profile",
      tags,
      auth: 'seller',
      response: sellerShopResponseSchema,
    },
    async ({ auth }) => ({ data: { shop: await service.profile(auth.shopId) } }),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/seller/shop',
      summary: "Changes the shop's profile: only the fields sent",
      tags,
      auth: 'seller',
      body: sellerShopUpdateBody,
      response: sellerShopResponseSchema,
    },
    async ({ auth, body, req }) => {
      const actor = await sellerActor(app.db, auth, req.ip);
      return { message: 'Shop updated.', data: { shop: await service.update(actor, auth.shopId, body) } };
    },
  );

  for (const kind of ['logo', 'banner'] as const) {
    route(
      app,
      {
        method: 'POST',
        url: `/api/seller/shop/${kind}`,
        summary: `Replaces the shop's ${kind} (multipart \`image\`: JPEG, PNG or WebP, at most 5 MB; stored as WebP without metadata)`,
        tags,
        auth: 'seller',
        response: sellerShopResponseSchema,
      },
      async ({ auth, req, reply }) => {
        if (!req.isMultipart()) throw validationError({ image: ['The image field is required.'] });
        try {
          // Every upload is decoded: they are counted per seller before any decoding starts.
          await enforceLimits(
            app.limits,
            [
              {
                key: `shop-image:seller:${auth.id}`,
                limit: app.config.accounts.photo.uploadsPerUser,
                windowMs: app.config.accounts.rateLimitWindowMs,
              },
            ],
            'Too many image uploads.',
          );
          const { file } = await readMultipartForm(req, {
            textFields: NO_TEXT,
            fileField: 'image',
            tooLarge: 'The image must not be greater than 5 MB.',
          });
          if (!file) throw validationError({ image: ['The image field is required.'] });
          const actor = await sellerActor(app.db, auth, req.ip);
          return { message: 'Shop updated.', data: { shop: await service.setImage(actor, auth.shopId, kind, file) } };
        } catch (error) {
          if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
          else if (error instanceof HttpError && error.statusCode === 503) reply.header('retry-after', '2');
          throw error;
        }
      },
    );
  }
}
