import { addressBody, addressesResponseSchema, addressIdParams, addressResponseSchema, addressUpdateBody } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, route } from '../../http/route';
import { createAddressesService } from './addresses.service';
import type { AccountsContext } from './context';

/** A path id that is not a positive whole number names no address: 404, like someone else's. */
const idParams = z.object({ id: z.string() });
function addressId(raw: string): number {
  const parsed = addressIdParams.safeParse({ id: raw });
  if (!/^\d{1,10}$/.test(raw) || !parsed.success) throw notFound('Address not found.');
  return parsed.data.id;
}

export function addressesRoutes(app: FastifyInstance, ctx: AccountsContext) {
  const addresses = createAddressesService(ctx);
  const tags = ['accounts'];

  route(
    app,
    {
      method: 'GET',
      url: '/api/addresses',
      summary: "The customer's addresses, default first",
      tags,
      auth: 'user',
      response: addressesResponseSchema,
    },
    async ({ auth }) => {
      const { id } = auth;
      return { data: await addresses.list(id) };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/address/store',
      summary: 'Add an address',
      tags,
      auth: 'user',
      body: addressBody,
      response: addressResponseSchema,
    },
    async ({ body, auth }) => {
      const { id } = auth;
      return { message: 'Address added successfully.', data: { address: await addresses.create(id, body) } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/address/:id/update',
      summary: 'Change an address',
      tags,
      auth: 'user',
      params: idParams,
      body: addressUpdateBody,
      response: addressResponseSchema,
    },
    async ({ params, body, auth }) => {
      const { id } = auth;
      return {
        message: 'Address updated successfully.',
        data: { address: await addresses.update(id, addressId(params.id), body) },
      };
    },
  );

  route(
    app,
    { method: 'DELETE', url: '/api/address/:id/delete', summary: 'Delete an address', tags, auth: 'user', params: idParams },
    async ({ params, auth }) => {
      const { id } = auth;
      await addresses.remove(id, addressId(params.id));
      return { message: 'Address deleted successfully.' };
    },
  );
}
