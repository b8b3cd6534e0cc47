import path from 'node:path';
import multipart from '@fastify/multipart';
import { shopApplicationBody, shopApplicationResponseSchema } from '@souq/contracts';
import { SHOP_LOGO_MAX_BYTES } from '@souq/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldErrors, HttpError, notFound, route, validationError } from '../../http/route';
import { enforceLimits, TooManyRequestsError } from '../../shared/rate-limit';
import { createApplicationService } from './application.service';
import { createLogoProcessor } from './logo';

const TEXT_FIELDS = new Set(['shop_name', 'shop_name_ar', 'name', 'phone', 'email', 'password', 'password_confirmation']);

/** Reads the multipart application: its text fields and the one `logo` file. */
async function readForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; logo: Buffer | null }> {
  const fields: Record<string, string> = {};
  let logo: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'logo' && buffer.length > 0) logo = buffer;
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated)
          throw validationError({ [part.fieldname]: [`The ${part.fieldname.replace(/_/g, ' ')} field is too long.`] });
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError({ logo: ['The logo must not be greater than 2048 kilobytes.'] });
    if (error instanceof HttpError) throw error;
    if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED') {
      throw new HttpError(413, 'The request has too many parts.');
    }
    throw new HttpError(400, 'Malformed multipart body.');
  }
  return { fields, logo };
}

/** POST /api/shop/register: Become a Seller (multi-vendor mode only). */
export async function applicationRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: SHOP_LOGO_MAX_BYTES, files: 1, fields: 20, fieldSize: 1000, parts: 25 },
  });
  const applications = createApplicationService({
    db: app.db,
    uploadsDir: path.join(app.config.dataDir, 'uploads'),
    processLogo: createLogoProcessor(app.config.accounts.photo),
    now: app.config.now,
  });

  route(
    app,
    {
      method: 'POST',
      url: '/api/shop/register',
      summary:
        'Apply to sell (multipart: shop_name, shop_name_ar, name, phone, email, password, password_confirmation, logo): a pending shop and its seller account',
      tags: ['seller'],
      response: shopApplicationResponseSchema,
    },
    async ({ req, reply }) => {
      // Counted before anything is read: a refused or invalid application counts too.
      try {
        await enforceLimits(
          app.limits,
          [
            {
              key: `shop-apply:ip:${req.ip}`,
              limit: app.config.content.shopApplyLimitPerIp,
              windowMs: app.config.accounts.rateLimitWindowMs,
            },
          ],
          'Too many applications. Please try again later.',
        );
      } catch (error) {
        if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      if (!(await app.services.settings.master(req.locale)).multi_vendor) throw notFound();

      let input: unknown = req.body;
      let logo: Buffer | null = null;
      if (req.isMultipart()) ({ fields: input, logo } = await readForm(req));
      const parsed = shopApplicationBody.safeParse(input ?? {});
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        if (!logo) errors.logo = ['The logo field is required.'];
        throw validationError(errors);
      }
      try {
        const shop = await applications.apply(parsed.data, logo);
        return reply.status(201).send({ message: 'Application received. The shop opens once it is approved.', data: { shop } });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503) reply.header('retry-after', '2');
        throw error;
      }
    },
  );
}
