import { DEFAULT_AVATAR_URL } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';

/** A head and shoulders in soft grey on a light disc: neutral, readable at 24 px and at 128 px. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="">' +
  '<circle cx="64" cy="64" r="64" fill="#e7ecef"/>' +
  '<circle cx="64" cy="50" r="22" fill="#9aa7b0"/>' +
  '<path d="M22 112c4-22 22-34 42-34s38 12 42 34a64 64 0 0 1-84 0z" fill="#9aa7b0"/>' +
  '</svg>';

/**
 * The default avatar (DEFAULT_AVATAR_URL): answered wherever a person has no photo, so a client can always
 * put `profile_photo`/`customer_profile` into an image. Served by the API, so it exists without the web app.
 */
export async function avatarRoutes(app: FastifyInstance) {
  route(
    app,
    { method: 'GET', url: DEFAULT_AVATAR_URL, summary: 'The default avatar (SVG) of people without a photo', tags: ['media'] },
    async ({ reply }) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        // Other sites' pages (a client served elsewhere) may show it.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(SVG),
  );
}
