import type { FastifyInstance } from 'fastify';

/** Registration, login, one-time codes, social sign-in, profile, addresses, wishlist (issue 4). */
export async function accountsRoutes(app: FastifyInstance) {
  void app;
}
