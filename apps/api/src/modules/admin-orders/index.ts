import { adminOrderResponseSchema, adminOrdersQuery, adminOrdersResponseSchema, adminRefundBody } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, route, validationError } from '../../http/route';
import { operatorActor } from '../audit';
import { createAdminOrdersService } from './admin-orders.service';
import { stripeRefunds, thawaniRefunds } from './refund-gateways';

/** A path id that is not a positive whole number names no order: 404. */
const idOf = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound('Order not found.');
  return Number(raw);
};
const idParams = z.object({ id: z.string() });

/** A usable Idempotency-Key header value: 1-255 visible ASCII characters (as the checkout's). */
function keyOf(raw: string | string[] | undefined): string | null {
  if (raw === undefined) return null;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || !/^[\x21-\x7e]{1,200}$/.test(v))
    throw validationError({ 'Idempotency-Key': ['The Idempotency-Key header must be 1 to 200 visible ASCII characters.'] });
  return v;
}

/**
 * The operator console's orders and refunds (BACKOFFICE.md "Operator console", decision 042): every
 * shop's orders, one order with its payments and refunds, and the refund of a paid, cancelled order.
 */
export async function adminOrdersRoutes(app: FastifyInstance) {
  const orders = createAdminOrdersService({
    db: app.db,
    dialect: app.dialect,
    now: app.config.now,
    gateways: [thawaniRefunds(app.config.payments), stripeRefunds(app.config.payments)],
    notify: () => app.notifications.prepare(),
    publicUrl: app.config.publicUrl,
  });
  const tags = ['admin'];

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/orders',
      summary:
        "Every shop's orders, newest first (filters: order_status, payment_status, shop_id; search: order number, customer's name or phone)",
      tags,
      auth: 'operator',
      query: adminOrdersQuery,
      response: adminOrdersResponseSchema,
    },
    async ({ query, req }) => ({ data: await orders.list(query, req.locale) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/orders/:id',
      summary: 'One order with its items, shop, customer, payments and refunds',
      tags,
      auth: 'operator',
      params: idParams,
      response: adminOrderResponseSchema,
    },
    async ({ params, req }) => ({ data: { order: await orders.detail(idOf(params.id), req.locale) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/orders/:id/refund',
      summary:
        'Refund a paid, cancelled order (all that is left, or `amount`): through its gateway, or recorded by hand for cash and bank transfers. Idempotency-Key: a replay refunds once',
      tags,
      auth: 'operator',
      params: idParams,
      body: adminRefundBody,
      response: adminOrderResponseSchema,
    },
    async ({ params, body, req, auth }) => {
      const id = idOf(params.id);
      const key = keyOf(req.headers['idempotency-key']);
      const actor = await operatorActor(app.db, auth, req.ip);
      const { order } = await orders.refund(actor, id, body, key, req.locale);
      return { message: order.refund.method === 'manual' ? 'Refund recorded.' : 'Refund made.', data: { order } };
    },
  );
}
