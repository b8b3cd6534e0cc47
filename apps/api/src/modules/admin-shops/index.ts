import {
  adminDashboardResponseSchema,
  adminShopReasonBody,
  adminShopResponseSchema,
  adminShopsQuery,
  adminShopsResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound, route } from '../../http/route';
import { operatorActor } from '../audit';
import { createAdminShopsService } from './admin-shops.service';
import { createShopStatusService, type ShopAction } from './shop-status';

const SHOP_NOT_FOUND = 'Shop not found.';
/** A path id that is not a positive whole number names no shop: 404. */
const idOf = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound(SHOP_NOT_FOUND);
  return Number(raw);
};
const idParams = z.object({ id: z.string() });

const DONE: Record<ShopAction, string> = {
  approve: 'Shop approved: it is open to shoppers and its seller can sign in.',
  reject: 'Application rejected: the seller has been told why.',
  suspend: 'Shop suspended: it and its products have left the storefront.',
  reinstate: 'Shop reinstated: it is open to shoppers again.',
};

/**
 * The operator console's dashboard and shops (BACKOFFICE.md "Operator console"): every route is
 * `auth: 'operator'`; every write goes through the shop status service (shared with `npm run
 * shop:approve`), audited in its transaction.
 */
export async function adminShopsRoutes(app: FastifyInstance) {
  const shops = createAdminShopsService({ db: app.db, now: app.config.now });
  const status = createShopStatusService({
    db: app.db,
    now: app.config.now,
    notify: () => app.notifications.prepare(),
    tokens: app.tokenCache,
  });
  const tags = ['admin'];

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/dashboard',
      summary: 'The marketplace at a glance: shops by status, orders and sales, customers, open tickets',
      tags,
      auth: 'operator',
      response: adminDashboardResponseSchema,
    },
    async () => ({ data: await shops.dashboard() }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/shops',
      summary: 'Shops by status (applications first), with a search of names, owner e-mail and phone',
      tags,
      auth: 'operator',
      query: adminShopsQuery,
      response: adminShopsResponseSchema,
    },
    async ({ query }) => ({ data: await shops.list(query) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/shops/:id',
      summary: 'One shop with its application, owner and the reason of its status',
      tags,
      auth: 'operator',
      params: idParams,
      response: adminShopResponseSchema,
    },
    async ({ params }) => {
      const shop = await shops.one(idOf(params.id));
      if (!shop) throw notFound(SHOP_NOT_FOUND);
      return { data: { shop } };
    },
  );

  const action = (name: ShopAction, summary: string, withReason: boolean) =>
    route(
      app,
      {
        method: 'POST',
        url: `/api/admin/shops/:id/${name}`,
        summary,
        tags,
        auth: 'operator',
        params: idParams,
        ...(withReason ? { body: adminShopReasonBody } : {}),
        response: adminShopResponseSchema,
      },
      async ({ params, body, auth, req }) => {
        const id = idOf(params.id);
        const reason = withReason ? (body as { reason: string }).reason : null;
        const result = await status.change(id, name, reason, await operatorActor(app.db, auth, req.ip));
        if (result.kind === 'not_found') throw notFound(SHOP_NOT_FOUND);
        if (result.kind === 'conflict') throw new HttpError(409, result.message);
        const shop = await shops.one(id);
        if (!shop) throw notFound(SHOP_NOT_FOUND);
        return { message: DONE[name], data: { shop } };
      },
    );

  action('approve', 'Approve a pending (or rejected) shop: it opens to shoppers, its seller is told by e-mail', false);
  action('reject', 'Reject a pending application {reason}: its seller is told why by e-mail', true);
  action('suspend', 'Suspend an active shop {reason}: it and its products leave the storefront, its seller cannot sign in', true);
  action('reinstate', 'Reinstate a suspended shop: it is back on the storefront', false);
}

export { createShopStatusService, type ShopStatusService } from './shop-status';
export { closedShopMessage } from './shop-mail';
