import type { FastifyInstance } from 'fastify';
import { countriesResponseSchema, langQuery, masterResponseSchema, translationsSchema } from '@souq/contracts';
import { z } from 'zod';
import { HttpError, route } from '../../http/route';
import { langAnswers, translationVersions } from '../i18n';

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
      summary:
        "Every string of one language: with the original web client's sentence keys beside ours (set=all, the default), or ours alone (set=ours, what our storefront loads)",
      tags: ['settings'],
      params: z.object({ locale: z.string().max(10) }),
      // `v`: the version the pages ask for (decision 032): the answer at that address never changes.
      query: langQuery,
      response: translationsSchema,
    },
    async ({ params, query, reply }) => {
      const langs = await app.services.settings.languages();
      const answers = langAnswers[query.set];
      const messages = Object.hasOwn(answers, params.locale) ? answers[params.locale] : undefined;
      if (!messages || !langs.some((l) => l.name === params.locale)) throw new HttpError(404, 'Language not found.');
      const version = translationVersions[query.set][params.locale]!;
      reply.header('etag', `"${version}"`);
      reply.header('cache-control', query.v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
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
