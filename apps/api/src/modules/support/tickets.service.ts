import type { Notify } from '../notifications';
import { randomInt } from 'node:crypto';
import {
  createTicketFields,
  DEFAULT_AVATAR_URL,
  formatLongDate,
  formatTimeAgo,
  type Locale,
  type OriginalTicketStatus,
  type SupportTicket,
  type SupportTicketDetail,
  type SupportTicketShow,
  TICKET_SHOW_MESSAGES,
  type TicketAttachment,
  type TicketMessage,
  type TicketShowMessage,
  type TicketStatusName,
} from '@souq/contracts';
import type { Db } from '../../db';
import type { TicketSender } from '../../db/support-schema';
import { fieldErrors, HttpError, notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { pickText, readSetting } from '../settings';
import type { AttachmentStore, FileSigner, IncomingFile, StoredFile } from './attachments';
import * as repo from './support.repository';

const TICKET_NO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newTicketNo = () =>
  `TK${Array.from({ length: 8 }, () => TICKET_NO_ALPHABET[randomInt(TICKET_NO_ALPHABET.length)]).join('')}`;

export const TICKET_NOT_FOUND = 'Support ticket not found.';
export const TICKET_CLOSED = 'This ticket is closed: it takes no more answers. Please open a new ticket.';

/** Who is asking: the customer or a seller, and the token the links to files are signed for. */
export type Viewer =
  { kind: 'customer'; userId: number; tokenId: number } | { kind: 'seller'; shopUserId: number; shopId: number; tokenId: number };

const scopeOf = (v: Viewer): repo.TicketScope => (v.kind === 'customer' ? { userId: v.userId } : { shopId: v.shopId });

export interface TicketsContext {
  db: Db;
  now: () => Date;
  files: AttachmentStore;
  signer: FileSigner;
  /** The notifications writer (decision 046): a shop's answer is told to the customer in its transaction. */
  notify?: () => Promise<Notify>;
}

export function createTicketsService(ctx: TicketsContext) {
  const { db } = ctx;

  /**
   * A ticket as a list shows it. The customer's answers (the original web client's) carry the display
   * date in `created_at` (decision 024, issue 42); the seller's the instant; both have it as `created_at_iso`.
   */
  const summary = (t: repo.TicketRow, viewer: Viewer, locale: Locale): SupportTicket => ({
    id: t.id,
    ticket_no: t.ticket_no,
    order_number: t.order_code,
    status: t.status,
    subject: t.subject,
    issue_type: t.issue_name ? localized(t.issue_name, t.issue_name_ar, locale) : null,
    created_at: viewer.kind === 'customer' ? formatLongDate(t.created_at, locale) : t.created_at,
    created_at_iso: t.created_at,
    last_message_at: t.last_message_at,
  });

  async function detailOf(t: repo.TicketRow, viewer: Viewer, locale: Locale): Promise<SupportTicketDetail> {
    const shop = t.shop_id ? await repo.shopBrief(db, t.shop_id) : undefined;
    return {
      ...summary(t, viewer, locale),
      issue_type_id: t.issue_type_id,
      order_id: t.order_id,
      shop: shop ? { id: shop.id, name: localized(shop.name, shop.name_ar, locale), logo: shop.logo } : null,
      customer: { id: t.user_id, name: t.customer_name },
      updated_at: t.updated_at,
      closed_at: t.closed_at,
      can_reply: t.status === 'running',
    };
  }

  async function find(viewer: Viewer, ticketNo: string) {
    const t = await repo.findTicket(db, ticketNo, scopeOf(viewer));
    if (!t) throw notFound(TICKET_NOT_FOUND);
    return t;
  }

  async function list(viewer: Viewer, query: { status?: TicketStatusName; page: number; per_page: number }, locale: Locale) {
    const scope = scopeOf(viewer);
    const counts = await repo.statusCounts(db, scope);
    const running = counts.get('running') ?? 0;
    const completed = counts.get('completed') ?? 0;
    const cancel = counts.get('cancel') ?? 0;
    const rows = await repo.listTickets(db, scope, query.status, query.per_page, (query.page - 1) * query.per_page);
    return {
      total: query.status ? (counts.get(query.status) ?? 0) : running + completed + cancel,
      running,
      completed,
      cancel,
      support_tickets: rows.map((r) => ({ ...summary(r, viewer, locale), customer_name: r.customer_name })),
    };
  }

  async function detail(viewer: Viewer, ticketNo: string, locale: Locale) {
    return detailOf(await find(viewer, ticketNo), viewer, locale);
  }

  /**
   * The customer's ticket page (`GET /support-ticket/show`): the ticket, and what the original web
   * client's page reads (decision 024, issue 42): `status` in that client's words and ours as `state`, whether
   * the customer may answer, the customer's e-mail and phone, the newest TICKET_SHOW_MESSAGES messages
   * oldest first (the support team's highlighted) and their files, links signed for the caller.
   */
  async function show(
    viewer: Extract<Viewer, { kind: 'customer' }>,
    ticketNo: string,
    locale: Locale,
  ): Promise<SupportTicketShow> {
    const t = await find(viewer, ticketNo);
    const [ticket, rows] = await Promise.all([detailOf(t, viewer, locale), repo.messagesPage(db, t.id, TICKET_SHOW_MESSAGES, 0)]);
    rows.reverse();
    const files = await repo.attachmentsOf(
      db,
      rows.map((r) => r.id),
    );
    const shop = rows.some((r) => r.sender === 'seller') && t.shop_id ? await repo.shopBrief(db, t.shop_id) : undefined;
    const team = rows.some((r) => r.sender === 'support') ? await supportName(locale) : '';
    const at = ctx.now();
    const messages = rows.map((r): TicketShowMessage => {
      const who =
        r.sender === 'customer'
          ? { id: t.user_id, name: t.customer_name, photo: t.customer_photo }
          : r.sender === 'seller'
            ? { id: r.shop_user_id, name: shop ? localized(shop.name, shop.name_ar, locale) : '', photo: shop?.logo ?? null }
            : { id: null, name: team, photo: null };
      return {
        id: r.id,
        message: r.message,
        sender: r.sender,
        sender_id: who.id,
        sender_name: who.name,
        profile_photo: who.photo ?? DEFAULT_AVATAR_URL,
        is_highlighted: r.sender === 'support',
        created_at: formatTimeAgo(r.created_at, locale, at),
        created_at_iso: r.created_at,
      };
    });
    const { status, ...rest } = ticket;
    return {
      ...rest,
      status: originalStatus(status),
      state: status,
      original_status: originalStatus(status),
      user_chat: ticket.can_reply,
      email: t.customer_email,
      phone: t.customer_phone,
      messages,
      highlighted_messages: messages.filter((m) => m.is_highlighted),
      attachments: files.map((f) => ({ id: f.id, src: ctx.signer.sign(f.id, viewer.tokenId).url, type: f.kind, name: f.name })),
    };
  }

  /** The marketplace's name in the request's language (the `app_name` setting): how the support team signs its answers. */
  async function supportName(locale: Locale) {
    return pickText(await readSetting(db, 'app_name'), locale)?.trim() || 'Souq';
  }

  /** Messages (with their attachments and links signed for the viewer) in the order given. */
  async function present(
    t: repo.TicketRow,
    rows: Array<{ id: number; sender: TicketSender; message: string; created_at: string }>,
    viewer: Viewer,
    locale: Locale,
  ): Promise<TicketMessage[]> {
    const files = await repo.attachmentsOf(
      db,
      rows.map((r) => r.id),
    );
    const shop = rows.some((r) => r.sender === 'seller') && t.shop_id ? await repo.shopBrief(db, t.shop_id) : undefined;
    const shopName = shop ? localized(shop.name, shop.name_ar, locale) : null;
    return rows.map((r) => ({
      id: r.id,
      message: r.message,
      sender: r.sender,
      sender_name: r.sender === 'customer' ? t.customer_name : r.sender === 'seller' ? shopName : null,
      created_at: r.created_at,
      attachments: files
        .filter((f) => f.message_id === r.id)
        .map((f): TicketAttachment => ({
          id: f.id,
          name: f.name,
          type: f.kind,
          mime: f.mime,
          size: f.size,
          width: f.width,
          height: f.height,
          ...ctx.signer.sign(f.id, viewer.tokenId),
        })),
    }));
  }

  async function messages(viewer: Viewer, ticketNo: string, page: number, perPage: number, locale: Locale) {
    const t = await find(viewer, ticketNo);
    const [total, rows] = await Promise.all([
      repo.countMessages(db, t.id),
      repo.messagesPage(db, t.id, perPage, (page - 1) * perPage),
    ]);
    return { total, messages: await present(t, rows, viewer, locale) };
  }

  /**
   * The active issue type a new ticket names: by id, or by its name in English or Arabic (compared
   * without regard to case or runs of spaces; the original web client sends the name). Null: none.
   */
  async function issueTypeOf(named: { id: number } | { name: string }): Promise<number | null> {
    if ('id' in named) return (await repo.activeIssueType(db, named.id))?.id ?? null;
    const norm = (s: string | null) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
    const found = (await repo.issueTypes(db)).find((t) => norm(t.name) === named.name || norm(t.name_ar) === named.name);
    return found?.id ?? null;
  }

  /** Checks, re-encodes and writes the files; a refused file is a 422 naming it under `attachments`. */
  async function storeFiles(files: IncomingFile[], otherErrors: Record<string, string[]> = {}): Promise<StoredFile[]> {
    const prepared = files.length ? await ctx.files.prepare(files) : { files: [], errors: [] };
    const errors = { ...otherErrors, ...(prepared.errors.length ? { attachments: prepared.errors } : {}) };
    if (Object.keys(errors).length) throw validationError(errors);
    return ctx.files.write(prepared.files);
  }

  const attachmentRows = (stored: StoredFile[], messageId: number, ticketId: number, now: string) =>
    stored.map((f) => ({
      message_id: messageId,
      ticket_id: ticketId,
      kind: f.kind,
      mime: f.mime,
      name: f.name,
      file: f.file,
      size: f.size,
      width: f.width,
      height: f.height,
      created_at: now,
    }));

  /**
   * Opens a ticket with its first message and attachments. The order, when named, must be one of the
   * customer's own (else 422, as for an unknown one); its shop's seller then sees and answers the ticket.
   * Every problem of the text fields and the files is answered at once; nothing is written then.
   */
  async function create(viewer: Extract<Viewer, { kind: 'customer' }>, raw: unknown, files: IncomingFile[], locale: Locale) {
    const parsed = createTicketFields.safeParse(raw ?? {});
    const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
    const fields = parsed.success ? parsed.data : null;
    let order: Awaited<ReturnType<typeof repo.customerOrder>>;
    const issueTypeId = fields ? await issueTypeOf(fields.issue_type) : null;
    if (fields && issueTypeId === null) errors.issue_type = ['The selected issue type is invalid.'];
    if (fields?.order_number) {
      order = await repo.customerOrder(db, viewer.userId, fields.order_number);
      if (!order) errors.order_number = ['The selected order number is invalid.'];
    }
    const stored = await storeFiles(files, errors);
    if (!fields || issueTypeId === null) throw validationError(errors); // (storeFiles has thrown already)
    const now = ctx.now().toISOString();
    try {
      const { ticketId, messageId } = await db.transaction().execute(async (trx) => {
        let ticketNo = newTicketNo();
        for (let i = 0; i < 5 && (await repo.ticketNoTaken(trx, ticketNo)); i++) ticketNo = newTicketNo();
        const id = await repo.insertTicket(trx, {
          ticket_no: ticketNo,
          user_id: viewer.userId,
          issue_type_id: issueTypeId,
          order_id: order?.id ?? null,
          order_code: order?.order_code ?? null,
          shop_id: order?.shop_id ?? null,
          subject: fields.subject,
          now,
        });
        const msg = await repo.insertMessage(trx, {
          ticket_id: id,
          sender: 'customer',
          shop_user_id: null,
          message: fields.message,
          created_at: now,
        });
        await repo.insertAttachments(trx, attachmentRows(stored, msg, id, now));
        return { ticketId: id, messageId: msg };
      });
      const t = (await repo.findTicketById(db, ticketId))!;
      const [message] = await present(t, [await repo.messageById(db, messageId)], viewer, locale);
      return { support_ticket: await detailOf(t, viewer, locale), message: message! };
    } catch (error) {
      await ctx.files.remove(stored.map((f) => f.file));
      throw error;
    }
  }

  /** Adds an answer to a running ticket (409 once it is completed or cancelled). */
  async function reply(viewer: Viewer, ticketNo: string, text: string, files: IncomingFile[], locale: Locale) {
    const t = await find(viewer, ticketNo);
    if (t.status !== 'running') throw new HttpError(409, TICKET_CLOSED);
    const stored = await storeFiles(files);
    const now = ctx.now().toISOString();
    const notify = viewer.kind === 'seller' ? await ctx.notify?.() : undefined;
    try {
      const messageId = await db.transaction().execute(async (trx) => {
        if (!(await repo.touchRunning(trx, t.id, now))) throw new HttpError(409, TICKET_CLOSED);
        await notify?.(trx, { type: 'ticket.answered', ticket: t, by: 'shop' });
        const id = await repo.insertMessage(trx, {
          ticket_id: t.id,
          sender: viewer.kind === 'customer' ? 'customer' : 'seller',
          shop_user_id: viewer.kind === 'seller' ? viewer.shopUserId : null,
          message: text,
          created_at: now,
        });
        await repo.insertAttachments(trx, attachmentRows(stored, id, t.id, now));
        return id;
      });
      const [message] = await present(t, [await repo.messageById(db, messageId)], viewer, locale);
      return message!;
    } catch (error) {
      await ctx.files.remove(stored.map((f) => f.file));
      throw error;
    }
  }

  /** The seller completes or cancels a running ticket of its shop (422 when it is not running). */
  async function close(
    viewer: Extract<Viewer, { kind: 'seller' }>,
    ticketNo: string,
    status: 'completed' | 'cancel',
    locale: Locale,
  ) {
    const t = await find(viewer, ticketNo);
    const done = await repo.closeRunning(db, t.id, status, 'seller', ctx.now().toISOString());
    if (!done) throw validationError({ status: ['Only a running ticket can be completed or cancelled.'] });
    return detailOf((await repo.findTicketById(db, t.id))!, viewer, locale);
  }

  /**
   * The stored file behind a signed link or a Bearer call, when the viewer may see it: the ticket's
   * customer, a seller of the shop of the ticket's order, or an operator (the support desk). Anyone else: 404, as for a file that
   * does not exist.
   */
  async function file(id: number, viewer: { userId: number } | { shopId: number } | { operator: true }) {
    const a = await repo.attachmentWithTicket(db, id);
    const allowed =
      a &&
      ('operator' in viewer ||
        ('userId' in viewer ? a.user_id === viewer.userId : a.shop_id !== null && a.shop_id === viewer.shopId));
    if (!a || !allowed) throw notFound('File not found.');
    const where = ctx.files.pathOf(a.file);
    if (!where) throw notFound('File not found.');
    return { path: where, name: a.name, mime: a.mime, kind: a.kind, size: a.size };
  }

  return { list, detail, show, messages, create, reply, close, file };
}
export type TicketsService = ReturnType<typeof createTicketsService>;

/** Our status in the original web client's words: a running ticket is pending (ours has no confirmation step). */
export const originalStatus = (status: TicketStatusName): OriginalTicketStatus => (status === 'running' ? 'pending' : status);
