import type { Notify } from '../notifications';
import type {
  AdminCustomer,
  AdminCustomers,
  AdminTicket,
  AdminTicketDetail,
  AdminTicketPage,
  AdminTickets,
  Locale,
  TicketAttachment,
  TicketMessage,
  TicketStatusName,
} from '@souq/contracts';
import {
  ADMIN_CUSTOMERS_PER_PAGE,
  ADMIN_TICKET_MESSAGES_MAX,
  ADMIN_TICKETS_PER_PAGE,
} from '@souq/contracts/admin-desk-constants';
import type { Db } from '../../db';
import { isOn } from '../../db';
import type { TicketSender } from '../../db/support-schema';
import { HttpError, notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { type Actor, changesOf, recordAudit } from '../audit';
import { revokeAllTokens, type TokenCache } from '../auth';
import { omr } from '../catalog';
import {
  type createAttachmentStore,
  type createFileSigner,
  type IncomingFile,
  type StoredFile,
  supportRepository,
  TICKET_CLOSED,
  TICKET_NOT_FOUND,
} from '../support';
import * as repo from './admin-desk.repository';

export interface DeskDeps {
  db: Db;
  now: () => Date;
  files: ReturnType<typeof createAttachmentStore>;
  signer: ReturnType<typeof createFileSigner>;
  /** Told of every customer deactivated, after its commit (decision 031): on every instance with Redis. */
  tokens: TokenCache;
  /** The notifications writer (decision 046): the support team's answer is told to the customer in its transaction. */
  notify?: () => Promise<Notify>;
}

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

const fullPhone = (phone: string | null, code: string | null) => (phone ? `${code ?? ''}${phone}` : null);

/**
 * The operator console's support desk: every ticket, with or without an order, of any shop. The
 * operator answers as the marketplace's support team (sender `support`, no personal name: the customer
 * reads "<app> support"), and may complete, cancel or reopen a ticket. Every write is audited.
 */
export function createDeskService({ db, now, files, signer, notify: prepareNotify }: Omit<DeskDeps, 'tokens'>) {
  const shopName = (name: string | null, nameAr: string | null, locale: Locale) => (name ? localized(name, nameAr, locale) : '');

  async function list(
    q: { status?: 'all' | TicketStatusName; search?: string; page?: number; per_page?: number },
    locale: Locale,
  ): Promise<AdminTickets> {
    const page = q.page ?? 1;
    const perPage = q.per_page ?? ADMIN_TICKETS_PER_PAGE;
    const status = q.status && q.status !== 'all' ? q.status : undefined;
    const search = q.search?.trim() || undefined;
    const { rows, counts } = await repo.listTickets(db, { status, search }, page, perPage);
    const running = counts.get('running') ?? 0;
    const completed = counts.get('completed') ?? 0;
    const cancel = counts.get('cancel') ?? 0;
    return {
      total: status ? (counts.get(status) ?? 0) : running + completed + cancel,
      running,
      completed,
      cancel,
      support_tickets: rows.map((r): AdminTicket => ({
        id: r.id,
        ticket_no: r.ticket_no,
        order_number: r.order_code,
        status: r.status,
        subject: r.subject,
        issue_type: r.issue_name ? localized(r.issue_name, r.issue_name_ar, locale) : null,
        created_at: r.created_at,
        created_at_iso: r.created_at,
        last_message_at: r.last_message_at,
        customer: { id: r.user_id, name: r.customer_name },
        shop: r.shop_id ? { id: r.shop_id, name: shopName(r.shop_name, r.shop_name_ar, locale) } : null,
      })),
    };
  }

  async function find(ticketNo: string) {
    const t = await repo.findTicket(db, ticketNo);
    if (!t) throw notFound(TICKET_NOT_FOUND);
    return t;
  }

  const detailOf = (t: repo.DeskTicketRow, locale: Locale): AdminTicketDetail => ({
    id: t.id,
    ticket_no: t.ticket_no,
    order_number: t.order_code,
    status: t.status,
    subject: t.subject,
    issue_type: t.issue_name ? localized(t.issue_name, t.issue_name_ar, locale) : null,
    issue_type_id: t.issue_type_id,
    order_id: t.order_id,
    created_at: t.created_at,
    created_at_iso: t.created_at,
    updated_at: t.updated_at,
    last_message_at: t.last_message_at,
    closed_at: t.closed_at,
    closed_by: t.closed_by,
    can_reply: t.status === 'running',
    customer: { id: t.user_id, name: t.customer_name },
    shop: t.shop_id ? { id: t.shop_id, name: shopName(t.shop_name, t.shop_name_ar, locale), logo: t.shop_logo } : null,
  });

  /** Messages with their attachments, links signed for the operator's token. */
  async function present(
    t: repo.DeskTicketRow,
    rows: Array<{ id: number; sender: TicketSender; message: string; created_at: string }>,
    tokenId: number,
    locale: Locale,
  ): Promise<TicketMessage[]> {
    const attachments = await supportRepository.attachmentsOf(
      db,
      rows.map((r) => r.id),
    );
    const shop = t.shop_id ? shopName(t.shop_name, t.shop_name_ar, locale) : null;
    return rows.map((r) => ({
      id: r.id,
      message: r.message,
      sender: r.sender,
      sender_name: r.sender === 'customer' ? t.customer_name : r.sender === 'seller' ? shop : null,
      created_at: r.created_at,
      attachments: attachments
        .filter((f) => f.message_id === r.id)
        .map((f): TicketAttachment => ({
          id: f.id,
          name: f.name,
          type: f.kind,
          mime: f.mime,
          size: f.size,
          width: f.width,
          height: f.height,
          ...signer.sign(f.id, tokenId),
        })),
    }));
  }

  async function page(ticketNo: string, tokenId: number, locale: Locale): Promise<AdminTicketPage> {
    const t = await find(ticketNo);
    const [convo, order] = await Promise.all([
      repo.conversation(db, t.id, ADMIN_TICKET_MESSAGES_MAX),
      t.order_id ? repo.orderBrief(db, t.order_id) : undefined,
    ]);
    return {
      support_ticket: detailOf(t, locale),
      customer: {
        id: t.user_id,
        name: t.customer_name,
        phone: fullPhone(t.customer_phone, t.customer_phone_code),
        email: t.customer_email,
        is_active: isOn(t.customer_active),
      },
      order: order
        ? {
            id: order.id,
            order_code: order.order_code,
            order_status: order.order_status,
            payment_status: order.payment_status,
            payment_method: order.payment_method,
            payable_amount: omr(order.payable_amount),
            created_at: order.created_at,
            shop: { id: order.shop_id, name: localized(order.shop_name, order.shop_name_ar, locale) },
          }
        : null,
      messages: await present(t, convo.rows, tokenId, locale),
      messages_total: convo.total,
    };
  }

  /** Checks, re-encodes and writes the files (the customer's rules); a refused file is a 422 under `attachments`. */
  async function storeFiles(incoming: IncomingFile[]): Promise<StoredFile[]> {
    if (!incoming.length) return [];
    const prepared = await files.prepare(incoming);
    if (prepared.errors.length) throw validationError({ attachments: prepared.errors });
    return files.write(prepared.files);
  }

  /** The support team's answer to a running ticket (409 once it is completed or cancelled). */
  async function reply(actor: Actor, tokenId: number, ticketNo: string, text: string, incoming: IncomingFile[], locale: Locale) {
    const t = await find(ticketNo);
    if (t.status !== 'running') throw new HttpError(409, TICKET_CLOSED);
    const stored = await storeFiles(incoming);
    const at = now();
    const iso = at.toISOString();
    const notify = await prepareNotify?.();
    try {
      const messageId = await db.transaction().execute(async (trx) => {
        if (!(await supportRepository.touchRunning(trx, t.id, iso))) throw new HttpError(409, TICKET_CLOSED);
        await notify?.(trx, { type: 'ticket.answered', ticket: t, by: 'support' });
        const id = await supportRepository.insertMessage(trx, {
          ticket_id: t.id,
          sender: 'support',
          shop_user_id: null,
          message: text,
          created_at: iso,
        });
        await supportRepository.insertAttachments(
          trx,
          stored.map((f) => ({
            message_id: id,
            ticket_id: t.id,
            kind: f.kind,
            mime: f.mime,
            name: f.name,
            file: f.file,
            size: f.size,
            width: f.width,
            height: f.height,
            created_at: iso,
          })),
        );
        await recordAudit(
          trx,
          actor,
          {
            action: 'ticket.reply',
            targetType: 'support_ticket',
            targetId: t.id,
            changes: changesOf({}, { message_id: id, attachments: stored.length || null }),
          },
          at,
        );
        return id;
      });
      const [message] = await present(t, [await supportRepository.messageById(db, messageId)], tokenId, locale);
      return message!;
    } catch (error) {
      await files.remove(stored.map((f) => f.file));
      throw error;
    }
  }

  /**
   * Sets a ticket's status: completes or cancels a running one, or reopens a closed one. The status it
   * already has is answered as it is, without an audit entry (nothing changed).
   */
  async function setStatus(actor: Actor, ticketNo: string, status: TicketStatusName, locale: Locale) {
    const t = await find(ticketNo);
    if (t.status === status) return detailOf(t, locale);
    const at = now();
    await db.transaction().execute(async (trx) => {
      if (!(await repo.setStatus(trx, t.id, t.status, status, at.toISOString())))
        throw new HttpError(409, 'The ticket changed meanwhile. Please reload it.');
      await recordAudit(
        trx,
        actor,
        {
          action: 'ticket.status',
          targetType: 'support_ticket',
          targetId: t.id,
          changes: changesOf({ status: t.status }, { status }),
        },
        at,
      );
    });
    return detailOf((await repo.findTicket(db, t.ticket_no))!, locale);
  }

  return { list, page, reply, setStatus };
}
export type DeskService = ReturnType<typeof createDeskService>;

const toCustomer = (r: repo.CustomerRow): AdminCustomer => ({
  id: r.id,
  name: r.name,
  phone: fullPhone(r.phone, r.phone_code),
  email: r.email,
  is_active: isOn(r.is_active),
  orders_count: Number(r.orders_count ?? 0),
  created_at: r.created_at,
});

/**
 * The customers' accounts: a searchable list, and switching one off (every token of it refused at once,
 * on every instance) or on again (it signs in anew). Audited.
 */
export function createCustomersService({ db, now, tokens }: Pick<DeskDeps, 'db' | 'now' | 'tokens'>) {
  async function list(q: { search?: string; page?: number; per_page?: number }): Promise<AdminCustomers> {
    const page = q.page ?? 1;
    const perPage = q.per_page ?? ADMIN_CUSTOMERS_PER_PAGE;
    const { rows, total } = await repo.listCustomers(db, q.search?.trim() || undefined, page, perPage);
    return { total, customers: rows.map(toCustomer) };
  }

  /** Switches the customer off or on. The state it already has is answered as it is (no audit entry). */
  async function setActive(actor: Actor, id: number, active: boolean): Promise<AdminCustomer> {
    const before = await repo.findCustomer(db, id);
    if (!before) throw notFound(CUSTOMER_NOT_FOUND);
    const at = now();
    let changed = false;
    await db.transaction().execute(async (trx) => {
      changed = await repo.setCustomerActive(trx, id, active, at.toISOString());
      if (!changed) return;
      // Every session ends: activating again asks the customer to sign in anew.
      if (!active) await revokeAllTokens(trx, 'user', id);
      await recordAudit(
        trx,
        actor,
        {
          action: active ? 'customer.activate' : 'customer.deactivate',
          targetType: 'customer',
          targetId: id,
          changes: changesOf({ is_active: isOn(before.is_active) }, { is_active: active }),
        },
        at,
      );
    });
    // After the commit: this instance forgets the customer's tokens, and the others through Redis.
    if (changed && !active) tokens.revoked({ ownerType: 'user', ownerId: id });
    return toCustomer((await repo.findCustomer(db, id))!);
  }

  return { list, setActive };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
