import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  sellerCatalogOptionsResponseSchema,
  sellerProductCreateBody,
  sellerProductIdParams,
  sellerProductImageParams,
  sellerProductImagesOrderBody,
  sellerProductImagesResponseSchema,
  sellerProductResponseSchema,
  sellerProductsQuery,
  sellerProductsResponseSchema,
  sellerProductUpdateBody,
} from '@souq/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readMultipartForm } from '../../http/multipart-form';
import { HttpError, route, validationError } from '../../http/route';
import { sellerActor } from '../audit';
import { createProductImageProcessor } from './product-image';
import { createSellerProductsService } from './seller-products.service';

const tags = ['seller'];

/**
 * The seller centre's products (BACKOFFICE.md "Seller centre", decision 037): the form's catalogue
 * options, the shop's list, create, read, partial update (ETag / If-Match against lost updates), delete
 * or archive, and pictures. Every call is the signed-in seller's own shop (another shop's id is 404), and
 * every write is recorded in the audit log in its own transaction.
 */
export async function sellerProductsRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });
  const images = createProductImageProcessor();
  const products = createSellerProductsService({
    db: app.db,
    dialect: app.dialect,
    now: app.config.now,
    uploadsDir: path.join(app.config.dataDir, 'uploads'),
    processImage: images.process,
  });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/catalog-options',
      summary: "The product form's choices: active categories with their active sub-categories, brands, colours, sizes, units",
      tags,
      auth: 'seller',
      response: sellerCatalogOptionsResponseSchema,
    },
    async ({ req }) => ({ data: await products.options(req.locale) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/products',
      summary: "The shop's products (not archived), newest change first: search in both languages, status and category filters",
      tags,
      auth: 'seller',
      query: sellerProductsQuery,
      response: sellerProductsResponseSchema,
    },
    async ({ auth, query, req, reply }) => {
      noStore(reply);
      return { data: await products.list(auth.shopId, query, req.locale) };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/products',
      summary: 'Add a product to the shop (201 {product}; ETag of its version)',
      tags,
      auth: 'seller',
      body: sellerProductCreateBody,
      response: sellerProductResponseSchema,
    },
    async ({ auth, body, req, reply }) => {
      const actor = await sellerActor(app.db, auth, req.ip);
      const { product, etag } = await products.create(actor, auth.shopId, body);
      return reply.status(201).header('etag', etag).send({ message: 'Product created.', data: { product } });
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/products/:id',
      summary: "One of the shop's products, with an ETag of its version (send it as If-Match with a PUT)",
      tags,
      auth: 'seller',
      params: sellerProductIdParams,
      response: sellerProductResponseSchema,
    },
    async ({ auth, params, reply }) => {
      const { product, etag } = await products.get(auth.shopId, params.id);
      noStore(reply).header('etag', etag);
      return { data: { product } };
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/seller/products/:id',
      summary: 'Change only the fields sent (null clears an optional one); with If-Match, 412 when the product changed since',
      tags,
      auth: 'seller',
      params: sellerProductIdParams,
      body: sellerProductUpdateBody,
      response: sellerProductResponseSchema,
    },
    async ({ auth, params, body, req, reply }) => {
      const ifMatch = req.headers['if-match'];
      const actor = await sellerActor(app.db, auth, req.ip);
      const { product, etag } = await products.update(actor, auth.shopId, params.id, body, Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch);
      reply.header('etag', etag);
      return { message: 'Product updated.', data: { product } };
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/seller/products/:id',
      summary: 'Delete a product (204); one that was ever ordered is archived instead and stays in its orders',
      tags,
      auth: 'seller',
      params: sellerProductIdParams,
    },
    async ({ auth, params, req, reply }) => {
      const actor = await sellerActor(app.db, auth, req.ip);
      await products.remove(actor, auth.shopId, params.id);
      return reply.status(204).send();
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/products/:id/images',
      summary: 'Add a picture (multipart `image`: JPEG, PNG or WebP, at most 5 MB and 40 megapixels; at most 10 a product)',
      tags,
      auth: 'seller',
      params: sellerProductIdParams,
      response: sellerProductImagesResponseSchema,
    },
    async ({ auth, params, req, reply }) => {
      if (!req.isMultipart()) throw validationError({ image: ['The image field is required.'] });
      const { file } = await readMultipartForm(req, {
        textFields: new Set(),
        fileField: 'image',
        tooLarge: `The image must not be greater than ${PRODUCT_IMAGE_MAX_BYTES / 1024} kilobytes.`,
      });
      if (!file) throw validationError({ image: ['The image field is required.'] });
      const actor = await sellerActor(app.db, auth, req.ip);
      try {
        return { message: 'Picture added.', data: { images: await products.addImage(actor, auth.shopId, params.id, file) } };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503) reply.header('retry-after', '2');
        throw error;
      }
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/seller/products/:id/images',
      summary: "Put the product's pictures in this order ({ids}: each of them once); the first is the thumbnail",
      tags,
      auth: 'seller',
      params: sellerProductIdParams,
      body: sellerProductImagesOrderBody,
      response: sellerProductImagesResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const actor = await sellerActor(app.db, auth, req.ip);
      return { message: 'Pictures reordered.', data: { images: await products.reorderImages(actor, auth.shopId, params.id, body.ids) } };
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/seller/products/:id/images/:imageId',
      summary: 'Remove a picture (204) and its file',
      tags,
      auth: 'seller',
      params: sellerProductImageParams,
    },
    async ({ auth, params, req, reply }) => {
      const actor = await sellerActor(app.db, auth, req.ip);
      await products.removeImage(actor, auth.shopId, params.id, params.imageId);
      return reply.status(204).send();
    },
  );
}
