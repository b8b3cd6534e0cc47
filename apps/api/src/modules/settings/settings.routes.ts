import type { FastifyInstance } from 'fastify';
import { countriesResponseSchema, masterResponseSchema, translationsSchema } from '@souq/contracts';
import { z } from 'zod';
import { HttpError, route } from '../../http/route';
import { translations } from '../i18n';

export async function settingsRoutes(app: FastifyInstance) {
  route(
    app,
    {
      method: 'GET',
      url: '/api/master',
      publicCache: true,
      summary: 'Site settings',
      tags: ['settings'],
      response: masterResponseSchema,
    },
    async ({ req }) => {
      return { data: await app.services.settings.master(req.locale) };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/lang/:locale',
      publicCache: true,
      summary: 'Every string the storefront shows, in one language',
      tags: ['settings'],
      params: z.object({ locale: z.string().max(10) }),
      response: translationsSchema,
    },
    async ({ params, reply }) => {
      const langs = await app.services.settings.languages();
      const messages = translations[params.locale as keyof typeof translations];
      if (!messages || !langs.some((l) => l.name === params.locale)) throw new HttpError(404, 'Language not found.');
      reply.header('cache-control', 'public, max-age=300');
      return messages;
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/countries',
      publicCache: true,
      summary: 'Countries with phone codes',
      tags: ['settings'],
      response: countriesResponseSchema,
    },
    async ({ req }) => ({ data: { countries: await app.services.settings.countries(req.locale) } }),
  );
}
