import type { FastifyInstance } from 'fastify';

/** Resized images, sitemap.xml and robots.txt (issue 3). */
export async function mediaRoutes(app: FastifyInstance) {
  void app;
}
