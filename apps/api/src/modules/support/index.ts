import fs from 'node:fs';
import multipart from '@fastify/multipart';
import {
  contactBody,
  contactUsResponseSchema,
  createTicketResponseSchema,
  sellerSupportTicketsResponseSchema,
  sellerTicketMessageBody,
  sellerTicketMessagesQuery,
  sellerTicketStatusBody,
  supportTicketResponseSchema,
  supportTicketShowResponseSchema,
  supportTicketsQuery,
  supportTicketsResponseSchema,
  TICKET_MAX_FILE_BYTES,
  TICKET_MAX_FILES,
  ticketIssueTypesResponseSchema,
  ticketMessageBody,
  ticketMessageResponseSchema,
  ticketMessagesQuery,
  ticketMessagesResponseSchema,
  ticketNumberQuery,
} from '@souq/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound, parseOr422, route, validationError } from '../../http/route';
import { createMailer } from '../../shared/mailer';
import { enforceLimits } from '../../shared/rate-limit';
import { localized } from '../../shared/localized';
import { currentUser, liveTokenOwner } from '../auth';
import { createAttachmentStore, createFileSigner, type IncomingFile, tooLarge, tooManyFiles } from './attachments';
import { createContactService } from './contact.service';
import * as repo from './support.repository';
import { createTicketsService, type Viewer } from './tickets.service';

const TICKET_FIELDS = new Set(['subject', 'issue_type', 'order_number', 'message', 'ticket_number']);
/** Bytes of one text field of a multipart post (a 5,000-character Arabic message is about 10 KB). */
const FIELD_BYTES = 24 * 1024;

/**
 * Reads a multipart post of the support forms: the known text fields and up to three files sent as
 * `attachments` (or `attachments[]`, as PHP-style clients send them). A fourth file, a file over
 * 2 MB or an over-long field is a 422; the files are only read here, their type is checked later
 * from their content.
 */
export async function readPost(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: IncomingFile[] }> {
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  let current = '';
  try {
    for await (const part of req.parts({
      limits: { files: TICKET_MAX_FILES, fileSize: TICKET_MAX_FILE_BYTES, fieldSize: FIELD_BYTES },
    })) {
      if (part.type === 'file') {
        current = part.filename || 'attachment';
        const data = await part.toBuffer();
        // A file input left empty still sends an empty part without a name.
        if (!/^attachments(\[\d*\])?$/.test(part.fieldname) || (data.length === 0 && !part.filename)) continue;
        files.push({ name: current, data });
      } else if (TICKET_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated)
          throw validationError({ [part.fieldname]: [`The ${part.fieldname.replace(/_/g, ' ')} field is too long.`] });
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError({ attachments: [tooLarge(current)] });
    if (code === 'FST_FILES_LIMIT') throw validationError({ attachments: [tooManyFiles()] });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'The request has too many parts.');
    throw new HttpError(400, 'Malformed multipart body.');
  }
  return { fields, files };
}

const ticketParams = z.object({ ticketNumber: z.string().max(40) });
const fileParams = z.object({ id: z.string() });
const fileQuery = z.object({
  t: z.string().optional(),
  e: z.string().optional(),
  s: z.string().optional(),
  download: z.string().optional(),
});

/** A path id that is not a positive whole number names no file: 404. */
const pathId = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound('File not found.');
  return Number(raw);
};

/** `Content-Disposition` with a plain fallback name and the UTF-8 name (RFC 6266 / 5987). */
function disposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Support tickets, their files, and the contact page (issue 18, decision 021). */
export async function supportRoutes(app: FastifyInstance) {
  // Multipart is parsed only by this plugin's routes (ticket posts); limits are set per request too.
  await app.register(multipart, {
    limits: { fileSize: TICKET_MAX_FILE_BYTES, files: TICKET_MAX_FILES, fields: 10, fieldSize: FIELD_BYTES, parts: 16 },
  });
  const cfg = app.config.support;
  const windowMs = app.config.accounts.rateLimitWindowMs;
  const files = createAttachmentStore(app.config.dataDir, app.config.accounts.photo);
  const signer = createFileSigner(app.config.accounts.otpSecret, cfg.fileUrlTtlMin, app.config.now);
  const tickets = createTicketsService({
    db: app.db,
    now: app.config.now,
    files,
    signer,
    notify: () => app.notifications.prepare(),
  });
  const contact = createContactService({
    db: app.db,
    now: app.config.now,
    mailer: createMailer(app.config.accounts.mail),
    log: app.log,
  });
  const tags = ['support'];

  const customer = (auth: { id: number; tokenId: number }): Viewer => ({
    kind: 'customer',
    userId: auth.id,
    tokenId: auth.tokenId,
  });
  const seller = (auth: { id: number; shopId: number; tokenId: number }) =>
    ({ kind: 'seller', shopUserId: auth.id, shopId: auth.shopId, tokenId: auth.tokenId }) as const;
  const limitPosts = (key: string) =>
    enforceLimits(app.limits, [{ key, limit: cfg.postLimitPerUser, windowMs }], 'Too many support messages.');

  /** An answer's text and files: multipart (with attachments) or JSON. */
  async function readAnswer(req: FastifyRequest) {
    if (req.isMultipart()) return readPost(req);
    return { fields: (req.body ?? {}) as Record<string, unknown>, files: [] as IncomingFile[] };
  }

  // --- Reference ---------------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/ticket-issue-types',
      summary: 'The kinds of problem a support ticket can be about',
      tags,
      response: ticketIssueTypesResponseSchema,
      publicCache: true,
    },
    async ({ req }) => ({
      data: {
        issue_types: (await repo.issueTypes(app.db)).map((t) => ({ id: t.id, name: localized(t.name, t.name_ar, req.locale) })),
      },
    }),
  );

  // --- The customer's tickets --------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/support-tickets',
      summary: "The customer's support tickets, most recently active first, with counts by status",
      tags,
      auth: 'user',
      query: supportTicketsQuery,
      response: supportTicketsResponseSchema,
    },
    async ({ auth, query, req }) => {
      const data = await tickets.list(customer(auth), query, req.locale);
      return { data: { ...data, support_tickets: data.support_tickets.map(({ customer_name: _, ...t }) => t) } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/support-ticket',
      summary: 'Open a support ticket (multipart: subject, issue_type, order_number?, message, up to 3 attachments)',
      tags,
      auth: 'user',
      response: createTicketResponseSchema,
    },
    async ({ auth, req }) => {
      await limitPosts(`support:post:user:${auth.id}`);
      const form = req.isMultipart() ? await readPost(req) : { fields: req.body, files: [] };
      const data = await tickets.create(
        { kind: 'customer', userId: auth.id, tokenId: auth.tokenId },
        form.fields,
        form.files,
        req.locale,
      );
      return { message: 'Support ticket created successfully.', data };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/support-ticket/show',
      summary:
        "One support ticket of the customer, with its newest messages (oldest first), their files (signed links) and the original web client's fields",
      tags,
      auth: 'user',
      query: ticketNumberQuery,
      response: supportTicketShowResponseSchema,
    },
    async ({ auth, query, req }) => ({
      data: {
        support_ticket: await tickets.show(
          { kind: 'customer', userId: auth.id, tokenId: auth.tokenId },
          query.ticket_number,
          req.locale,
        ),
      },
    }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/support-ticket-messages',
      summary: "A ticket's conversation, newest first, each message with its attachments (signed links)",
      tags,
      auth: 'user',
      query: ticketMessagesQuery,
      response: ticketMessagesResponseSchema,
    },
    async ({ auth, query, req }) => ({
      data: await tickets.messages(customer(auth), query.ticket_number, query.page, query.per_page, req.locale),
    }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/support-ticket-message',
      summary: 'Answer a running ticket (JSON {ticket_number, message}, or multipart with up to 3 attachments)',
      tags,
      auth: 'user',
      response: ticketMessageResponseSchema,
    },
    async ({ auth, req }) => {
      await limitPosts(`support:post:user:${auth.id}`);
      const form = await readAnswer(req);
      const body = parseOr422(ticketMessageBody, form.fields);
      const message = await tickets.reply(customer(auth), body.ticket_number, body.message, form.files, req.locale);
      return { message: 'Message sent.', data: { message } };
    },
  );

  // --- Files ---------------------------------------------------------------------------------------------

  async function sendFile(reply: FastifyReply, f: Awaited<ReturnType<typeof tickets.file>>, download: boolean, maxAgeS: number) {
    let stream: fs.ReadStream;
    try {
      await fs.promises.access(f.path);
      stream = fs.createReadStream(f.path);
    } catch {
      throw notFound('File not found.');
    }
    return reply
      .header('content-type', f.mime)
      .header('content-length', String(f.size))
      .header('content-disposition', disposition(f.kind === 'pdf' || download ? 'attachment' : 'inline', f.name))
      .header('cache-control', maxAgeS > 0 ? `private, max-age=${maxAgeS}` : 'private, no-store')
      .send(stream);
  }

  route(
    app,
    {
      method: 'GET',
      url: '/api/support-ticket/files/:id',
      summary:
        "An attachment through the signed link a ticket's messages give their viewer (t, e, s: a customer's, a seller's or an operator's token); 404 when the link is not genuine, expired, or its viewer may no longer see the file",
      tags,
      params: fileParams,
      query: fileQuery,
    },
    async ({ params, query, reply }) => {
      const id = pathId(params.id);
      const link = signer.verify(id, query);
      if (!link) throw notFound('File not found.');
      const owner = await liveTokenOwner(app.db, link.tokenId);
      let viewer: { userId: number } | { shopId: number } | { operator: true } | undefined;
      if (owner?.ownerType === 'user' && (await repo.activeUser(app.db, owner.ownerId))) viewer = { userId: owner.ownerId };
      if (owner?.ownerType === 'seller') {
        const shopId = await repo.activeSellerShop(app.db, owner.ownerId);
        if (shopId) viewer = { shopId };
      }
      // The operator console's support desk (modules/admin-desk) sees every ticket's files.
      if (owner?.ownerType === 'operator' && (await repo.activeOperator(app.db, owner.ownerId))) viewer = { operator: true };
      if (!viewer) throw notFound('File not found.');
      const f = await tickets.file(id, viewer);
      const left = Math.floor((link.expiresAt - app.config.now().getTime()) / 1000);
      return sendFile(reply, f, query.download === '1', Math.min(600, left));
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/support-ticket/attachments/:id',
      summary: "An attachment of one of the customer's tickets (Bearer); any other file is 404",
      tags,
      auth: 'user',
      params: fileParams,
      query: fileQuery,
    },
    async ({ auth, params, query, reply }) =>
      sendFile(reply, await tickets.file(pathId(params.id), { userId: auth.id }), query.download === '1', 0),
  );

  // --- Contact -------------------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/contact-us',
      summary: "The shop's phone, e-mail and WhatsApp number",
      tags,
      response: contactUsResponseSchema,
      publicCache: true,
    },
    async () => ({ data: await contact.details() }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/support',
      summary: 'Send the contact form (stored; mailed to the shop with MAIL_DRIVER=smtp); limited per client IP',
      tags,
      body: contactBody,
      bodyLimit: 32 * 1024,
    },
    async ({ body, req }) => {
      await enforceLimits(
        app.limits,
        [{ key: `contact:ip:${req.ip}`, limit: cfg.contactLimitPerIp, windowMs }],
        'Too many messages sent.',
      );
      const user = await currentUser(app, req);
      await contact.send(
        { name: body.name, email: body.email, phone: body.phone, subject: body.subject, message: body.message },
        user?.id ?? null,
        req.ip || null,
      );
      return { message: 'Thank you for contacting us. We will get back to you soon.' };
    },
  );

  // --- Seller side ---------------------------------------------------------------------------------------

  const sellerTags = ['seller'];
  /** A ticket number in the path; one that cannot be a ticket number names no ticket: 404. */
  const ticketNoOf = (raw: string) => {
    const parsed = ticketNumberQuery.safeParse({ ticket_number: raw });
    if (!parsed.success) throw notFound('Support ticket not found.');
    return parsed.data.ticket_number;
  };

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/support-tickets',
      summary: "The support tickets naming the seller's shop's orders, most recently active first, with counts by status",
      tags: sellerTags,
      auth: 'seller',
      query: supportTicketsQuery,
      response: sellerSupportTicketsResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: await tickets.list(seller(auth), query, req.locale) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/support-tickets/:ticketNumber',
      summary: "One support ticket naming an order of the seller's shop",
      tags: sellerTags,
      auth: 'seller',
      params: ticketParams,
      response: supportTicketResponseSchema,
    },
    async ({ auth, params, req }) => ({
      data: { support_ticket: await tickets.detail(seller(auth), ticketNoOf(params.ticketNumber), req.locale) },
    }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/support-tickets/:ticketNumber/messages',
      summary: "A ticket's conversation, newest first (signed links to its files for this seller)",
      tags: sellerTags,
      auth: 'seller',
      params: ticketParams,
      query: sellerTicketMessagesQuery,
      response: ticketMessagesResponseSchema,
    },
    async ({ auth, params, query, req }) => ({
      data: await tickets.messages(seller(auth), ticketNoOf(params.ticketNumber), query.page, query.per_page, req.locale),
    }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/support-tickets/:ticketNumber/messages',
      summary: 'Answer a running ticket as the shop (JSON {message}, or multipart with up to 3 attachments)',
      tags: sellerTags,
      auth: 'seller',
      params: ticketParams,
      response: ticketMessageResponseSchema,
    },
    async ({ auth, params, req }) => {
      await limitPosts(`support:post:seller:${auth.id}`);
      const ticketNo = ticketNoOf(params.ticketNumber);
      const form = await readAnswer(req);
      const body = parseOr422(sellerTicketMessageBody, form.fields);
      const message = await tickets.reply(seller(auth), ticketNo, body.message, form.files, req.locale);
      return { message: 'Message sent.', data: { message } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/support-tickets/:ticketNumber/status',
      summary: 'Complete or cancel a running ticket ({status: completed|cancel}); else 422',
      tags: sellerTags,
      auth: 'seller',
      params: ticketParams,
      body: sellerTicketStatusBody,
      response: supportTicketResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const ticket = await tickets.close(seller(auth), ticketNoOf(params.ticketNumber), body.status, req.locale);
      return { message: 'Ticket status updated.', data: { support_ticket: ticket } };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/support-ticket/attachments/:id',
      summary: "An attachment of a ticket naming the seller's shop's order (Bearer); any other file is 404",
      tags: sellerTags,
      auth: 'seller',
      params: fileParams,
      query: fileQuery,
    },
    async ({ auth, params, query, reply }) =>
      sendFile(reply, await tickets.file(pathId(params.id), { shopId: auth.shopId }), query.download === '1', 0),
  );
}

// The operator console's support desk (modules/admin-desk) answers every ticket with these.
export { createAttachmentStore, createFileSigner, type IncomingFile, type StoredFile } from './attachments';
export { TICKET_CLOSED, TICKET_NOT_FOUND } from './tickets.service';
export * as supportRepository from './support.repository';
