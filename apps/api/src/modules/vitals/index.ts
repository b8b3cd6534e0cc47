import { vitalsReportSchema } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError, route } from '../../http/route';
import { enforceLimits, memoryRateLimitStore } from '../../shared/rate-limit';

const WINDOW_MS = 60_000;

/**
 * POST /api/vitals: the LCP, INP and CLS of sampled real page views (VITALS_SAMPLE_RATE, announced to
 * the storefront as `vitals_sample_rate` in /master), written to the log. Off (404) when the rate is 0.
 */
export async function vitalsRoutes(app: FastifyInstance) {
  const limits = memoryRateLimitStore();
  const { sampleRate, limitPerIp } = app.config.vitals;

  route(
    app,
    {
      method: 'POST',
      url: '/api/vitals',
      summary: 'Report the Core Web Vitals of a page view (204; logged)',
      tags: ['vitals'],
      body: vitalsReportSchema,
      bodyLimit: 4096,
    },
    async ({ body, req, reply }) => {
      if (sampleRate === 0) throw new HttpError(404, 'Vitals reporting is off.');
      // A 429 gets its Retry-After header from the app's error handler.
      await enforceLimits(limits, [{ key: `vitals:ip:${req.ip}`, limit: limitPerIp, windowMs: WINDOW_MS }], 'Too many reports.');
      req.log.info({ vitals: body, userAgent: req.headers['user-agent'] }, 'web vitals');
      return reply.status(204).send();
    },
  );
}
