import type { FastifyInstance } from 'fastify';
import { imageRoutes } from './images';
import { sitemapRoutes } from './sitemap';

/** Resized images, sitemap.xml and robots.txt (issue 3). */
export async function mediaRoutes(app: FastifyInstance) {
  await app.register(imageRoutes);
  await app.register(sitemapRoutes);
}
