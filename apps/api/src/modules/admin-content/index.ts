import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  adminBlogCategoriesResponseSchema,
  adminBlogCategoryCreateBody,
  adminBlogCategoryResponseSchema,
  adminBlogCategoryUpdateBody,
  adminBlogCreateBody,
  adminBlogResponseSchema,
  adminBlogsQuery,
  adminBlogsResponseSchema,
  adminBlogUpdateBody,
  adminFlashSaleCreateBody,
  adminFlashSaleResponseSchema,
  adminFlashSalesQuery,
  adminFlashSalesResponseSchema,
  adminFlashSaleUpdateBody,
  adminLegalPageBody,
  adminLegalPageResponseSchema,
  adminLegalPagesResponseSchema,
  adminRichTextPreviewBody,
  adminRichTextPreviewResponseSchema,
  CONTENT_IMAGE_MAX_BYTES,
  RICH_TEXT_MAX,
} from '@souq/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readMultipartForm } from '../../http/multipart-form';
import { notFound, parseOr422, route } from '../../http/route';
import { sanitizeRichText } from '../../shared/rich-text';
import { operatorActor } from '../audit';
import { createAdminBlogService, createAdminFlashSalesService, createAdminLegalPagesService } from './admin-content.service';
import { createThumbnailStore } from './images';

/** A path id that is not a positive whole number names nothing: 404. */
const idOf = (raw: string, what: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound(what);
  return Number(raw);
};
const idParams = z.object({ id: z.string() });
const slugParams = z.object({ slug: z.string() });
const saleProductParams = z.object({ id: z.string(), product_id: z.string() });

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, '1': true, on: true, false: false, '0': false };

/**
 * The body of a write sent as JSON, or as multipart/form-data with the same fields as text and the
 * file `thumbnail` (the console's forms). Text values become the JSON types the contract reads:
 * `true`/`false`/`1`/`0`/`on` for the listed booleans, digits for the listed integers; anything else
 * stays text, so the contract answers it as a 422 on its field.
 */
async function writeBody<T extends z.ZodType>(
  req: FastifyRequest,
  schema: T,
  form: { fields: readonly string[]; booleans?: readonly string[]; integers?: readonly string[] },
): Promise<{ body: z.output<T>; upload: Buffer | null }> {
  if (!req.isMultipart()) return { body: parseOr422(schema, req.body), upload: null };
  const { fields, file } = await readMultipartForm(req, {
    textFields: new Set(form.fields),
    fileField: 'thumbnail',
    tooLarge: 'The thumbnail must not be greater than 5 MB.',
  });
  const typed: Record<string, unknown> = { ...fields };
  for (const name of form.booleans ?? [])
    if (fields[name] !== undefined && fields[name] in BOOLEAN_TEXT) typed[name] = BOOLEAN_TEXT[fields[name]];
  for (const name of form.integers ?? [])
    if (fields[name] !== undefined && /^\d{1,10}$/.test(fields[name])) typed[name] = Number(fields[name]);
  return { body: parseOr422(schema, typed), upload: file };
}

const POST_FORM = {
  fields: ['title', 'title_ar', 'slug', 'category_id', 'description', 'description_ar', 'post_by', 'post_by_ar', 'is_active'],
  booleans: ['is_active'],
  integers: ['category_id'],
} as const;
const SALE_FORM = { fields: ['name', 'name_ar', 'starts_at', 'ends_at', 'is_active'], booleans: ['is_active'] } as const;

/**
 * The operator console's content and flash sales (BACKOFFICE.md "Operator console": Content, Flash
 * sales; the contract's rules in packages/contracts/src/admin-content.ts). Every route takes an
 * operator's token; every write is in the audit log, in its transaction. The storefront reads the same
 * rows (its answers cached for guests for CATALOG_CACHE_TTL_MS at most), so a change shows there without
 * a restart.
 */
export async function adminContentRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    // An article in Arabic is up to three bytes a character.
    limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 12, fieldSize: RICH_TEXT_MAX * 3, parts: 14 },
  });
  const thumbnails = createThumbnailStore(path.join(app.config.dataDir, 'uploads'), app.config.accounts.photo);
  const ctx = { db: app.db, now: app.config.now, thumbnails };
  const blog = createAdminBlogService(ctx);
  const pages = createAdminLegalPagesService(ctx);
  const sales = createAdminFlashSalesService(ctx);
  const tags = ['admin'];
  const actor = (auth: { id: number; tokenId: number }, req: FastifyRequest) => operatorActor(app.db, auth, req.ip);

  // --- Blog categories -------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/blog-categories',
      summary: 'Every blog category (on or off) in display order, with its posts counted',
      tags,
      auth: 'operator',
      response: adminBlogCategoriesResponseSchema,
    },
    async () => ({ data: await blog.categories() }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/blog-categories',
      summary: 'Create a blog category (slug made from the name when not sent)',
      tags,
      auth: 'operator',
      body: adminBlogCategoryCreateBody,
      response: adminBlogCategoryResponseSchema,
    },
    async ({ auth, body, req, reply }) => {
      const blog_category = await blog.createCategory(await actor(auth, req), body);
      reply.status(201);
      return { message: 'Blog category created.', data: { blog_category } };
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/admin/blog-categories/:id',
      summary: 'Change the fields sent of a blog category',
      tags,
      auth: 'operator',
      params: idParams,
      body: adminBlogCategoryUpdateBody,
      response: adminBlogCategoryResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const id = idOf(params.id, 'Blog category not found.');
      return {
        message: 'Blog category saved.',
        data: { blog_category: await blog.updateCategory(await actor(auth, req), id, body) },
      };
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/blog-categories/:id',
      summary: 'Delete a blog category without posts (204); one with posts is 409 (switch it off instead)',
      tags,
      auth: 'operator',
      params: idParams,
    },
    async ({ auth, params, req, reply }) => {
      await blog.deleteCategory(await actor(auth, req), idOf(params.id, 'Blog category not found.'));
      return reply.status(204).send();
    },
  );

  // --- Blog posts --------------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/blogs',
      summary: 'Every blog post (on or off), newest first; search in titles and slugs, filter by category',
      tags,
      auth: 'operator',
      query: adminBlogsQuery,
      response: adminBlogsResponseSchema,
    },
    async ({ query }) => ({ data: await blog.posts(query) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/blogs/:id',
      summary: 'One blog post with its stored (sanitised) HTML in both languages',
      tags,
      auth: 'operator',
      params: idParams,
      response: adminBlogResponseSchema,
    },
    async ({ params }) => ({ data: { blog: await blog.post(idOf(params.id, 'Blog not found.')) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/blogs',
      summary: 'Create a blog post (JSON, or multipart with the file `thumbnail`); its HTML through the allow-list',
      tags,
      auth: 'operator',
      response: adminBlogResponseSchema,
      bodyLimit: 2 * 1024 * 1024,
    },
    async ({ auth, req, reply }) => {
      const { body, upload } = await writeBody(req, adminBlogCreateBody, POST_FORM);
      const made = await blog.createPost(await actor(auth, req), body, upload);
      reply.status(201);
      return { message: 'Blog post created.', data: { blog: made } };
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/admin/blogs/:id',
      summary: 'Change the fields sent of a blog post (JSON, or multipart with a new `thumbnail`)',
      tags,
      auth: 'operator',
      params: idParams,
      response: adminBlogResponseSchema,
      bodyLimit: 2 * 1024 * 1024,
    },
    async ({ auth, params, req }) => {
      const id = idOf(params.id, 'Blog not found.');
      const { body, upload } = await writeBody(req, adminBlogUpdateBody, POST_FORM);
      return { message: 'Blog post saved.', data: { blog: await blog.updatePost(await actor(auth, req), id, body, upload) } };
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/blogs/:id',
      summary: 'Delete a blog post (204)',
      tags,
      auth: 'operator',
      params: idParams,
    },
    async ({ auth, params, req, reply }) => {
      await blog.deletePost(await actor(auth, req), idOf(params.id, 'Blog not found.'));
      return reply.status(204).send();
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/rich-text/preview',
      summary: 'Rich text through the allow-list, as the storefront will show it (the editors’ preview; nothing stored)',
      tags,
      auth: 'operator',
      body: adminRichTextPreviewBody,
      response: adminRichTextPreviewResponseSchema,
      bodyLimit: 2 * 1024 * 1024,
    },
    async ({ body }) => ({
      data: { description: sanitizeRichText(body.description), description_ar: sanitizeRichText(body.description_ar) },
    }),
  );

  // --- Legal pages -----------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/legal-pages',
      summary: 'The legal and policy pages with their stored HTML in both languages',
      tags,
      auth: 'operator',
      response: adminLegalPagesResponseSchema,
    },
    async () => ({ data: await pages.list() }),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/admin/legal-pages/:slug',
      summary: 'Change the fields sent of a legal page; its HTML through the allow-list',
      tags,
      auth: 'operator',
      params: slugParams,
      body: adminLegalPageBody,
      response: adminLegalPageResponseSchema,
      bodyLimit: 2 * 1024 * 1024,
    },
    async ({ auth, params, body, req }) => ({
      message: 'Page saved.',
      data: { legal_page: await pages.update(await actor(auth, req), params.slug, body) },
    }),
  );

  // --- Flash sales -----------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/flash-sales',
      summary: 'Every flash sale, latest start first, with its status and how many products are in it',
      tags,
      auth: 'operator',
      query: adminFlashSalesQuery,
      response: adminFlashSalesResponseSchema,
    },
    async ({ query }) => ({ data: await sales.list(query) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/flash-sales/:id',
      summary: 'One flash sale with its products, their shops and prices',
      tags,
      auth: 'operator',
      params: idParams,
      response: adminFlashSaleResponseSchema,
    },
    async ({ params }) => ({ data: { flash_sale: await sales.detail(idOf(params.id, 'Flash sale not found.')) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/flash-sales',
      summary: 'Create a flash sale (JSON, or multipart with the file `thumbnail`); it ends after it starts',
      tags,
      auth: 'operator',
      response: adminFlashSaleResponseSchema,
    },
    async ({ auth, req, reply }) => {
      const { body, upload } = await writeBody(req, adminFlashSaleCreateBody, SALE_FORM);
      const made = await sales.create(await actor(auth, req), body, upload);
      reply.status(201);
      return { message: 'Flash sale created.', data: { flash_sale: made } };
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/admin/flash-sales/:id',
      summary: 'Change the fields sent of a flash sale (JSON, or multipart with a new `thumbnail`)',
      tags,
      auth: 'operator',
      params: idParams,
      response: adminFlashSaleResponseSchema,
    },
    async ({ auth, params, req }) => {
      const id = idOf(params.id, 'Flash sale not found.');
      const { body, upload } = await writeBody(req, adminFlashSaleUpdateBody, SALE_FORM);
      return { message: 'Flash sale saved.', data: { flash_sale: await sales.update(await actor(auth, req), id, body, upload) } };
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/flash-sales/:id',
      summary: 'Delete a flash sale with its products’ places in it (204)',
      tags,
      auth: 'operator',
      params: idParams,
    },
    async ({ auth, params, req, reply }) => {
      await sales.remove(await actor(auth, req), idOf(params.id, 'Flash sale not found.'));
      return reply.status(204).send();
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/flash-sales/:id/products/:product_id',
      summary: 'Take a product out of a flash sale, whenever (204)',
      tags,
      auth: 'operator',
      params: saleProductParams,
    },
    async ({ auth, params, req, reply }) => {
      const id = idOf(params.id, 'Flash sale not found.');
      const productId = idOf(params.product_id, 'This product is not in this flash sale.');
      await sales.removeProduct(await actor(auth, req), id, productId);
      return reply.status(204).send();
    },
  );
}
