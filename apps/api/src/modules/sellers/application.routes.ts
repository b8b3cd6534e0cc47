import path from 'node:path';
import multipart from '@fastify/multipart';
import { shopApplicationBody, shopApplicationResponseSchema } from '@souq/contracts';
import { SHOP_LOGO_MAX_BYTES } from '@souq/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipartForm } from '../../http/multipart-form';
import { fieldErrors, HttpError, notFound, route, validationError } from '../../http/route';
import { enforceLimits, TooManyRequestsError } from '../../shared/rate-limit';
import { createApplicationService } from './application.service';
import { createLogoProcessor } from './logo';

const TEXT_FIELDS = new Set(['shop_name', 'shop_name_ar', 'name', 'phone', 'email', 'password', 'password_confirmation']);

/** Reads the multipart application: its text fields and the one `logo` file. */
const readForm = async (req: FastifyRequest) => {
  const { fields, file } = await readMultipartForm(req, {
    textFields: TEXT_FIELDS,
    fileField: 'logo',
    tooLarge: 'The logo must not be greater than 2048 kilobytes.',
  });
  return { fields, logo: file };
};

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
        const shop = await applications.apply(parsed.data, logo, req.locale);
        return reply.status(201).send({ message: 'Application received. The shop opens once it is approved.', data: { shop } });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503) reply.header('retry-after', '2');
        throw error;
      }
    },
  );
}
