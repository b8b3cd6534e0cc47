import multipart from '@fastify/multipart';
import {
  adminCustomerResponseSchema,
  adminCustomersQuery,
  adminCustomersResponseSchema,
  adminTicketMessageBody,
  adminTicketMessageResponseSchema,
  adminTicketPageResponseSchema,
  adminTicketResponseSchema,
  adminTicketsQuery,
  adminTicketsResponseSchema,
  adminTicketStatusBody,
  TICKET_MAX_FILE_BYTES,
  TICKET_MAX_FILES,
} from '@souq/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, parseOr422, route } from '../../http/route';
import { operatorActor } from '../audit';
import { createAttachmentStore, createFileSigner, type IncomingFile, readPost, TICKET_NOT_FOUND } from '../support';
import { createCustomersService, createDeskService, CUSTOMER_NOT_FOUND } from './admin-desk.service';

const ticketParams = z.object({ ticketNumber: z.string().max(40) });
const idParams = z.object({ id: z.string() });

/** A ticket number in the path; one that cannot be a ticket number names no ticket: 404. */
const ticketNoOf = (raw: string) => {
  const no = raw.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(no)) throw notFound(TICKET_NOT_FOUND);
  return no;
};
/** A path id that is not a positive whole number names no customer: 404. */
const customerIdOf = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound(CUSTOMER_NOT_FOUND);
  return Number(raw);
};

/**
 * The operator console's support desk and customers (BACKOFFICE.md "Operator console"): every ticket,
 * answered as the marketplace's support team with the customer's attachment rules, its status; the
 * customers, switched off (every session ended at once, on every instance) and on. Every route is
 * auth 'operator'; every write is in the audit log, in its transaction.
 */
export async function adminDeskRoutes(app: FastifyInstance) {
  // Multipart is parsed only by this plugin's routes (the desk's answers); the support module's limits.
  await app.register(multipart, {
    limits: { fileSize: TICKET_MAX_FILE_BYTES, files: TICKET_MAX_FILES, fields: 10, fieldSize: 24 * 1024, parts: 16 },
  });
  const files = createAttachmentStore(app.config.dataDir, app.config.accounts.photo);
  const signer = createFileSigner(app.config.accounts.otpSecret, app.config.support.fileUrlTtlMin, app.config.now);
  const desk = createDeskService({ db: app.db, now: app.config.now, files, signer, notify: () => app.notifications.prepare() });
  const customers = createCustomersService({ db: app.db, now: app.config.now, tokens: app.tokenCache });
  const tags = ['admin'];

  /** An answer's text and files: multipart (with attachments) or JSON. */
  async function readAnswer(req: FastifyRequest) {
    if (req.isMultipart()) return readPost(req);
    return { fields: (req.body ?? {}) as Record<string, unknown>, files: [] as IncomingFile[] };
  }

  // --- Support desk ------------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/support-tickets',
      summary:
        'Every support ticket (with or without an order, any shop), newest activity first; search by number, subject or customer; counts by status',
      tags,
      auth: 'operator',
      query: adminTicketsQuery,
      response: adminTicketsResponseSchema,
    },
    async ({ query, req }) => ({ data: await desk.list(query, req.locale) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/support-tickets/:ticketNumber',
      summary: 'One ticket with its customer, its order if any, and its conversation oldest first (signed links to its files)',
      tags,
      auth: 'operator',
      params: ticketParams,
      response: adminTicketPageResponseSchema,
    },
    async ({ auth, params, req }) => ({ data: await desk.page(ticketNoOf(params.ticketNumber), auth.tokenId, req.locale) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/support-tickets/:ticketNumber/messages',
      summary:
        "Answer a running ticket as the marketplace's support team (multipart {message} with up to 3 attachments, or JSON); 409 once closed",
      tags,
      auth: 'operator',
      params: ticketParams,
      response: adminTicketMessageResponseSchema,
    },
    async ({ auth, params, req, reply }) => {
      const ticketNo = ticketNoOf(params.ticketNumber);
      const form = await readAnswer(req);
      const body = parseOr422(adminTicketMessageBody, form.fields);
      const actor = await operatorActor(app.db, auth, req.ip);
      const message = await desk.reply(actor, auth.tokenId, ticketNo, body.message, form.files, req.locale);
      reply.status(201);
      return { message: 'Message sent.', data: { message } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/support-tickets/:ticketNumber/status',
      summary: 'Set a ticket’s status ({status: running|completed|cancel}): complete, cancel, or reopen it',
      tags,
      auth: 'operator',
      params: ticketParams,
      body: adminTicketStatusBody,
      response: adminTicketResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const ticketNo = ticketNoOf(params.ticketNumber);
      const actor = await operatorActor(app.db, auth, req.ip);
      const ticket = await desk.setStatus(actor, ticketNo, body.status, req.locale);
      return { message: 'Ticket status updated.', data: { support_ticket: ticket } };
    },
  );

  // --- Customers ---------------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/customers',
      summary: "The customers, newest first, with their orders' count; search by name, phone or e-mail",
      tags,
      auth: 'operator',
      query: adminCustomersQuery,
      response: adminCustomersResponseSchema,
    },
    async ({ query }) => ({ data: await customers.list(query) }),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    route(
      app,
      {
        method: 'POST',
        url: `/api/admin/customers/:id/${action}`,
        summary: active
          ? 'Switch a customer on again (it signs in anew)'
          : 'Switch a customer off: every one of its tokens is refused at once, on every instance, and its sign-in answers 403',
        tags,
        auth: 'operator',
        params: idParams,
        response: adminCustomerResponseSchema,
      },
      async ({ auth, params, req }) => {
        const id = customerIdOf(params.id);
        const customer = await customers.setActive(await operatorActor(app.db, auth, req.ip), id, active);
        return { message: active ? 'Customer activated.' : 'Customer deactivated.', data: { customer } };
      },
    );
  }
}
