import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  adminBannerResponseSchema,
  adminBannersResponseSchema,
  bannerCreateBody,
  bannersQuery,
  bannerUpdateBody,
  TAXONOMY,
  TAXONOMY_IMAGE_MAX_BYTES,
  TAXONOMY_KINDS,
  taxonomyCreateBody,
  taxonomyItemResponse,
  taxonomyListResponse,
  taxonomyQuery,
  taxonomyUpdateBody,
  type TaxonomyWrite,
} from '@souq/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { readMultipartForm } from '../../http/multipart-form';
import { HttpError, notFound, parseOr422, route } from '../../http/route';
import { operatorActor } from '../audit';
import { createBannersService } from './banners.service';
import { createConsolePictures } from './pictures';
import { createTaxonomyService } from './taxonomy.service';

const idParams = zod.object({ id: zod.string() });
/** A path id that is not a positive whole number names nothing: 404. */
const idOf = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
};

/** The typed fields of a multipart form (text there): booleans, whole numbers, and empty as null where a field may be empty. */
const FLAGS = new Set(['is_active']);
const NUMBERS = new Set(['sort', 'category_id']);
const EMPTY_IS_NULL = new Set(['slug', 'link']);
function typedForm(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (FLAGS.has(key)) out[key] = value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    else if (NUMBERS.has(key)) out[key] = /^\d{1,10}$/.test(value) ? Number(value) : value;
    else if (EMPTY_IS_NULL.has(key)) out[key] = value || null;
    else out[key] = value;
  }
  return out;
}

/**
 * A write's body: JSON, or a multipart form of the same fields as text with the picture as `fileField`.
 * Validated by the contract's schema either way (422 per field).
 */
async function writeOf<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  fileField: string,
): Promise<{ body: z.output<S>; file: Buffer | null }> {
  if (!req.isMultipart()) return { body: parseOr422(schema, req.body), file: null };
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const { fields, file } = await readMultipartForm(req, {
    textFields: new Set(Object.keys(shape)),
    fileField,
    tooLarge: `The ${fileField} must not be greater than ${TAXONOMY_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  });
  return { body: parseOr422(schema, typedForm(fields)), file };
}

/** A 503 of the pictures' queue says when to try again. */
async function retrying<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503) reply.header('retry-after', '2');
    throw error;
  }
}

/**
 * The operator console's catalogue taxonomy (six kinds through one table of routes: TAXONOMY in the
 * contract) and the home page's banners (BACKOFFICE.md "Operator console"). Every route is an operator's;
 * every write is in the audit log, in its transaction. The storefront follows by itself: its answers read
 * these tables (through the answer cache's few seconds), and its memory of lists and filters ends with the
 * catalogue's revision, which these writes move by trigger (migrations 008, 015, 022; decision 037).
 */
export async function adminTaxonomyRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: TAXONOMY_IMAGE_MAX_BYTES, files: 1, fields: 12, fieldSize: 2000, parts: 14 },
  });
  const pictures = createConsolePictures(path.join(app.config.dataDir, 'uploads'), app.config.accounts.photo);
  const taxonomy = createTaxonomyService({ db: app.db, pictures, now: app.config.now });
  const banners = createBannersService({ db: app.db, pictures, now: app.config.now });
  const tags = ['admin'];

  for (const kind of TAXONOMY_KINDS) {
    const spec = TAXONOMY[kind];
    const url = `/api/admin/${kind}`;
    const create = taxonomyCreateBody(kind);
    const update = taxonomyUpdateBody(kind);
    const one = taxonomyItemResponse(kind);
    const words = kind.replace('-', ' ');

    route(
      app,
      {
        method: 'GET',
        url,
        summary: `The ${words}, in display order (search: name in either language or slug)`,
        tags,
        auth: 'operator',
        query: taxonomyQuery,
        response: taxonomyListResponse(kind),
      },
      async ({ query }) => {
        const { total, items } = await taxonomy.list(kind, query);
        return { data: { total, [spec.plural]: items } };
      },
    );

    route(
      app,
      {
        method: 'POST',
        url,
        summary: `Create one of the ${words} (JSON, or multipart with the picture as \`thumbnail\`)`,
        tags,
        auth: 'operator',
        response: one,
      },
      async ({ auth, req, reply }) => {
        const { body, file } = await writeOf(req, create, 'thumbnail');
        const actor = await operatorActor(app.db, auth, req.ip);
        const item = await retrying(reply, () => taxonomy.create(kind, actor, body as TaxonomyWrite, file));
        reply.status(201);
        return { message: 'Created.', data: { [spec.singular]: item } };
      },
    );

    route(
      app,
      {
        method: 'PUT',
        url: `${url}/:id`,
        summary: `Change the fields sent of one of the ${words}`,
        tags,
        auth: 'operator',
        params: idParams,
        response: one,
      },
      async ({ auth, req, reply, params }) => {
        const id = idOf(params.id);
        const { body, file } = await writeOf(req, update, 'thumbnail');
        const actor = await operatorActor(app.db, auth, req.ip);
        const item = await retrying(reply, () => taxonomy.update(kind, actor, id, body as TaxonomyWrite, file));
        return { message: 'Saved.', data: { [spec.singular]: item } };
      },
    );

    route(
      app,
      {
        method: 'DELETE',
        url: `${url}/:id`,
        summary: `Delete one of the ${words} that nothing uses (204); 409 while products use it: switch it off instead`,
        tags,
        auth: 'operator',
        params: idParams,
      },
      async ({ auth, req, reply, params }) => {
        const id = idOf(params.id);
        await taxonomy.remove(kind, await operatorActor(app.db, auth, req.ip), id, req.locale);
        return reply.status(204).send();
      },
    );
  }

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/banners',
      summary: "The home page's banners (slider and advertisement strip), in display order",
      tags,
      auth: 'operator',
      query: bannersQuery,
      response: adminBannersResponseSchema,
    },
    async ({ query }) => ({ data: await banners.list(query) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/banners',
      summary: 'Create a banner (multipart: its fields and the picture as `image`, required)',
      tags,
      auth: 'operator',
      response: adminBannerResponseSchema,
    },
    async ({ auth, req, reply }) => {
      const { body, file } = await writeOf(req, bannerCreateBody, 'image');
      const actor = await operatorActor(app.db, auth, req.ip);
      const banner = await retrying(reply, () => banners.create(actor, body, file));
      reply.status(201);
      return { message: 'Banner created.', data: { banner } };
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/admin/banners/:id',
      summary: 'Change the fields sent of a banner (multipart with `image` to replace its picture)',
      tags,
      auth: 'operator',
      params: idParams,
      response: adminBannerResponseSchema,
    },
    async ({ auth, req, reply, params }) => {
      const id = idOf(params.id);
      const { body, file } = await writeOf(req, bannerUpdateBody, 'image');
      const actor = await operatorActor(app.db, auth, req.ip);
      return { message: 'Banner saved.', data: { banner: await retrying(reply, () => banners.update(actor, id, body, file)) } };
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/banners/:id',
      summary: 'Delete a banner (204)',
      tags,
      auth: 'operator',
      params: idParams,
    },
    async ({ auth, req, reply, params }) => {
      await banners.remove(await operatorActor(app.db, auth, req.ip), idOf(params.id));
      return reply.status(204).send();
    },
  );
}
