import type { FastifyInstance } from 'fastify';
import { avatarRoutes } from './avatar';
import { imageRoutes } from './images';
import { sitemapRoutes } from './sitemap';

/** Resized images, the default avatar, sitemap.xml and robots.txt (issue 3). */
export async function mediaRoutes(app: FastifyInstance) {
  await app.register(avatarRoutes);
  await app.register(imageRoutes);
  await app.register(sitemapRoutes);
}
