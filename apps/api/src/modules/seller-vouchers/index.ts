import {
  sellerFlashSaleJoinBody,
  sellerFlashSaleResponseSchema,
  sellerFlashSalesResponseSchema,
  sellerVoucherCreateBody,
  sellerVoucherResponseSchema,
  sellerVouchersQuery,
  sellerVouchersResponseSchema,
  sellerVoucherUpdateBody,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, route } from '../../http/route';
import { sellerActor } from '../audit';
import { createSellerFlashSalesService, createSellerVouchersService } from './seller-vouchers.service';

/** A path id that is not a positive whole number names nothing of the shop: 404, like another shop's. */
const idOf = (raw: string, what: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound(what);
  return Number(raw);
};
const idParams = z.object({ id: z.string() });
const saleProductParams = z.object({ id: z.string(), productId: z.string() });

/**
 * The seller centre's vouchers and flash sales (BACKOFFICE.md "Seller centre"; the contract's rules in
 * packages/contracts/src/seller-vouchers.ts). Every write is in the audit log, in its transaction.
 */
export async function sellerVouchersRoutes(app: FastifyInstance) {
  const ctx = { db: app.db, now: app.config.now };
  const vouchers = createSellerVouchersService(ctx);
  const sales = createSellerFlashSalesService(ctx);
  const tags = ['seller'];

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/vouchers',
      summary: "The shop's vouchers, newest first, each with its status",
      tags,
      auth: 'seller',
      query: sellerVouchersQuery,
      response: sellerVouchersResponseSchema,
    },
    async ({ auth, query }) => ({ data: await vouchers.list(auth.shopId, query) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/vouchers',
      summary: 'Create a voucher of the shop (its code unique in the marketplace, whatever its case)',
      tags,
      auth: 'seller',
      body: sellerVoucherCreateBody,
      response: sellerVoucherResponseSchema,
    },
    async ({ auth, body, req, reply }) => {
      const voucher = await vouchers.create({ ...(await sellerActor(app.db, auth, req.ip)), shopId: auth.shopId }, body);
      reply.status(201);
      return { message: 'Voucher created.', data: { voucher } };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/vouchers/:id',
      summary: 'One voucher of the shop',
      tags,
      auth: 'seller',
      params: idParams,
      response: sellerVoucherResponseSchema,
    },
    async ({ auth, params }) => ({ data: { voucher: await vouchers.get(auth.shopId, idOf(params.id, 'Voucher not found.')) } }),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/seller/vouchers/:id',
      summary: 'Change the fields sent of a voucher of the shop',
      tags,
      auth: 'seller',
      params: idParams,
      body: sellerVoucherUpdateBody,
      response: sellerVoucherResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const id = idOf(params.id, 'Voucher not found.');
      const voucher = await vouchers.update({ ...(await sellerActor(app.db, auth, req.ip)), shopId: auth.shopId }, id, body);
      return { message: 'Voucher saved.', data: { voucher } };
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/seller/vouchers/:id',
      summary: 'Delete a voucher nobody has collected or used (204); one that was is switched off instead (200 {voucher})',
      tags,
      auth: 'seller',
      params: idParams,
      response: sellerVoucherResponseSchema,
    },
    async ({ auth, params, req, reply }) => {
      const id = idOf(params.id, 'Voucher not found.');
      const kept = await vouchers.remove({ ...(await sellerActor(app.db, auth, req.ip)), shopId: auth.shopId }, id);
      if (!kept) return reply.status(204).send();
      return {
        message: 'This voucher has been collected or used, so it was switched off instead of deleted.',
        data: { voucher: kept },
      };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/flash-sales',
      summary: "The running and upcoming flash sales, each with the shop's own products in it",
      tags,
      auth: 'seller',
      response: sellerFlashSalesResponseSchema,
    },
    async ({ auth, req }) => ({ data: { flash_sales: await sales.list(auth.shopId, req.locale) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/flash-sales/:id/products',
      summary: "Put one of the shop's products in a flash sale at a price below its own (or change its sale price)",
      tags,
      auth: 'seller',
      params: idParams,
      body: sellerFlashSaleJoinBody,
      response: sellerFlashSaleResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const id = idOf(params.id, 'Flash sale not found.');
      const actor = { ...(await sellerActor(app.db, auth, req.ip)), shopId: auth.shopId };
      return { message: 'Saved in the flash sale.', data: { flash_sale: await sales.join(actor, id, body, req.locale) } };
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/seller/flash-sales/:id/products/:productId',
      summary: "Take one of the shop's products out of a flash sale, before the sale starts",
      tags,
      auth: 'seller',
      params: saleProductParams,
    },
    async ({ auth, params, req, reply }) => {
      const id = idOf(params.id, 'Flash sale not found.');
      const productId = idOf(params.productId, 'This product is not in this flash sale.');
      await sales.leave({ ...(await sellerActor(app.db, auth, req.ip)), shopId: auth.shopId }, id, productId);
      return reply.status(204).send();
    },
  );
}
