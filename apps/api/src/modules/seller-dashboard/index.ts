import { sellerDashboardResponseSchema } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { createDashboardService } from './dashboard.service';

/** The seller centre's dashboard (BACKOFFICE.md "Seller centre"): `GET /api/seller/dashboard`. */
export async function sellerDashboardRoutes(app: FastifyInstance) {
  const dashboard = createDashboardService({ db: app.db, now: app.config.now });

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/dashboard',
      summary: "The seller's shop at a glance: orders by status, sales of today, 7 and 30 days, best sellers, low stock",
      tags: ['seller'],
      auth: 'seller',
      response: sellerDashboardResponseSchema,
    },
    async ({ auth, req }) => ({ data: await dashboard.forShop(auth.shopId, req.locale) }),
  );
}
