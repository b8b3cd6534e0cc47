import { randomUUID } from 'node:crypto';
import {
  type AdminOrder,
  type AdminOrders,
  type Locale,
  orderStatusOf,
  type OrderStatusKey,
  type RefundRecord,
  type RefundState,
} from '@souq/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { OrderRefundsTable } from '../../db/admin-orders-schema';
import type { OrdersTable } from '../../db/commerce-schema';
import { HttpError, notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { type Actor, changesOf, recordAudit } from '../audit';
import { omr } from '../catalog';
import { createOrdersService, requestHash } from '../commerce';
import type { Notify } from '../notifications';
import * as repo from './admin-orders.repository';
import { RefundError, type RefundGateway } from './refund-gateways';

type OrderRow = Selectable<OrdersTable>;
type RefundRow = Selectable<OrderRefundsTable>;

/** Orders paid without a gateway: their refunds are recorded by hand (the money goes back outside the app). */
const MANUAL_METHODS = new Set(['cash', 'bank']);

export interface AdminOrdersDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  now: () => Date;
  gateways: RefundGateway[];
  /** The notifications writer (decision 046): the customer is told of a refund in its transaction. */
  notify?: () => Promise<Notify>;
  /** The site's public origin: the order's `invoice_url` is on it. */
  publicUrl?: string;
}

const baisa = (amount: number) => Math.round(amount * 1000);

/** The console's orders over every shop and their refunds (BACKOFFICE.md "Operator console", decision 042). */
export function createAdminOrdersService({ db, dialect, now, gateways, notify: prepareNotify, publicUrl }: AdminOrdersDeps) {
  const byName = new Map(gateways.map((g) => [g.name, g]));
  // The customer's and the seller's order detail, built once for all three (items, taxes, history, shop).
  const orders = createOrdersService({ db, cartDb: db, dialect, now, publicUrl });

  async function list(
    q: {
      order_status?: OrderStatusKey;
      payment_status?: 'paid' | 'unpaid';
      shop_id?: number;
      search?: string;
      page: number;
      per_page: number;
    },
    locale: Locale,
  ): Promise<AdminOrders> {
    const { rows, total } = await repo.listOrders(
      db,
      {
        orderStatus: q.order_status ? orderStatusOf(q.order_status) : undefined,
        paymentStatus: q.payment_status === 'paid' ? 'Paid' : q.payment_status === 'unpaid' ? 'Unpaid' : undefined,
        shopId: q.shop_id,
        search: q.search || undefined,
      },
      q.page,
      q.per_page,
    );
    return {
      total,
      orders: rows.map((r) => ({
        id: r.id,
        order_code: r.order_code,
        shop: { id: r.shop_id, name: r.shop_name ? localized(r.shop_name, r.shop_name_ar, locale) : '' },
        customer: {
          id: r.user_id,
          name: r.customer_name ?? '',
          phone: r.customer_phone ? `${r.customer_phone_code ?? ''}${r.customer_phone}` : null,
        },
        quantity: r.quantity,
        amount: omr(r.payable_amount),
        payment_method: r.payment_method,
        payment_status: r.payment_status,
        order_status: r.order_status,
        refund_status: r.refund_status,
        refunded_amount: omr(r.refunded_amount),
        created_at: r.created_at,
      })),
    };
  }

  /**
   * What was paid for the order and what a refund may take now, in baisa. One online payment pays every
   * order of a placement: what Stripe took (rounded down to 10 baisa) may be a little less than the
   * orders' sum, so an order's refunds never exceed the payment less the other orders' refunds.
   */
  async function refundability(o: OrderRow, refunds: RefundRow[]) {
    const manual = MANUAL_METHODS.has(o.payment_method);
    const gateway = manual ? undefined : byName.get(o.payment_method);
    const payments = await repo.placementPayments(db, o.checkout_ref);
    const payment = payments.find((p) => p.status === 'paid' && p.gateway === o.payment_method);
    let paid = o.payable_amount;
    if (!manual && payment) {
      const others = await repo.placementRefunded(db, o.checkout_ref, o.id);
      paid = Math.max(0, Math.min(paid, payment.amount - others));
    }
    const pending = refunds.filter((r) => r.status === 'pending').reduce((s, r) => s + r.amount, 0);
    const step = gateway?.step ?? 1;
    const left = Math.max(0, paid - o.refunded_amount - pending);
    const refundable = left - (left % step);
    let blocked: string | null = null;
    if (o.payment_status !== 'Paid') blocked = 'This order was not paid: there is nothing to refund.';
    else if (o.order_status !== 'Cancelled') blocked = 'Only a cancelled order can be refunded: cancel it first.';
    else if (o.refund_status === 'pending' || pending > 0) blocked = 'A refund of this order is under way.';
    else if (!manual && !gateway) blocked = `Refunds through ${o.payment_method} are not supported.`;
    else if (!manual && !gateway!.configured)
      blocked = `This server has no keys for ${o.payment_method}: it cannot refund through it.`;
    else if (!manual && !payment) blocked = 'No completed online payment was found for this order.';
    else if (refundable <= 0) blocked = 'Nothing is left to refund on this order.';
    return { manual, gateway, payment, paid, refundable, step, blocked };
  }

  const record = (r: RefundRow): RefundRecord => ({
    id: r.id,
    amount: omr(r.amount),
    method: r.method,
    gateway: r.gateway,
    status: r.status,
    reason: r.reason,
    gateway_refund_id: r.gateway_refund_id,
    failure: r.failure,
    operator: { id: r.operator_id, name: r.operator_name },
    created_at: r.created_at,
  });

  async function detail(id: number, locale: Locale): Promise<AdminOrder> {
    const o = await repo.findOrder(db, id);
    if (!o) throw notFound('Order not found.');
    const [base, contact, payments, refunds] = await Promise.all([
      orders.detail({ shopId: o.shop_id }, o.id, locale),
      repo.customerContact(db, o.user_id),
      repo.placementPayments(db, o.checkout_ref),
      repo.orderRefunds(db, o.id),
    ]);
    const r = await refundability(o, refunds);
    const { can_cancel: _unused, ...rest } = base;
    void _unused;
    const refund: RefundState = {
      status: o.refund_status,
      refunded_amount: omr(o.refunded_amount),
      paid_amount: o.payment_status === 'Paid' ? omr(r.paid) : 0,
      refundable: r.blocked ? 0 : omr(r.refundable),
      method: r.manual ? 'manual' : 'gateway',
      gateway: r.manual ? null : o.payment_method,
      step: omr(r.step),
      can_refund: r.blocked === null,
      blocked_reason: r.blocked,
      refunds: refunds.map(record).reverse(),
    };
    return {
      ...rest,
      customer: {
        id: o.user_id,
        name: contact?.name ?? '',
        phone: contact?.phone ? `${contact.phone_code}${contact.phone}` : null,
        email: contact?.email ?? null,
      },
      payments: payments.map((p) => ({
        id: p.id,
        gateway: p.gateway,
        session_id: p.session_id,
        amount: omr(p.amount),
        status: p.status,
        created_at: p.created_at,
      })),
      refund_status: o.refund_status,
      refunded_amount: omr(o.refunded_amount),
      refund,
    };
  }

  /** The order's refund state as audited. */
  const auditedState = (o: { refund_status: string; refunded_amount: number }) => ({
    refund_status: o.refund_status,
    refunded_amount: omr(o.refunded_amount),
  });

  /**
   * Refunds a paid and cancelled order, all that is left or `amount` of it: through the gateway that took
   * the payment, or recorded by hand for cash and bank transfers (decision 042). The refund row and the
   * order's `pending` state are written before the gateway is called (one transaction, which also takes
   * the order: a second refund at once is 409); the gateway's answer is then recorded with the audit
   * entry in a second one. A request replayed with its Idempotency-Key answers the first's outcome.
   */
  async function refund(
    actor: Actor,
    id: number,
    body: { amount?: number; reason: string },
    key: string | null,
    locale: Locale,
  ): Promise<{ order: AdminOrder; replayed: boolean }> {
    const o = await repo.findOrder(db, id);
    if (!o) throw notFound('Order not found.');
    const hash = requestHash({ amount: body.amount === undefined ? null : baisa(body.amount), reason: body.reason });
    if (key) {
      const earlier = await repo.refundByKey(db, id, key);
      if (earlier) return { order: await replay(earlier, hash, locale), replayed: true };
    }
    if (o.payment_status !== 'Paid')
      throw new HttpError(422, 'This order was not paid: there is nothing to refund.', {
        payment_status: ['This order was not paid: there is nothing to refund.'],
      });
    if (o.order_status !== 'Cancelled')
      throw new HttpError(422, 'Only a cancelled order can be refunded: cancel it first.', {
        order_status: ['Only a cancelled order can be refunded: cancel it first.'],
      });
    const r = await refundability(o, await repo.orderRefunds(db, o.id));
    if (r.blocked === 'A refund of this order is under way.') return sameKeyOrBusy();
    if (r.blocked) throw new HttpError(422, r.blocked, { amount: [r.blocked] });
    const amount = body.amount === undefined ? r.refundable : baisa(body.amount);
    if (amount > r.refundable)
      throw validationError({
        amount: [`The amount must not be greater than ${omr(r.refundable).toFixed(3)} (what was paid less earlier refunds).`],
      });
    if (amount % r.step !== 0)
      throw validationError({
        amount: [`${o.payment_method} refunds this currency in steps of ${omr(r.step).toFixed(3)}.`],
      });

    /** Another request holds the order: the first of this key (answered as it ends), or another refund (409). */
    async function sameKeyOrBusy() {
      const first = key ? await repo.refundByKey(db, id, key) : undefined;
      if (!first) throw busy();
      return { order: await replay(first, hash, locale), replayed: true };
    }

    const at = now().toISOString();
    const idemKey = key ?? `srv-${randomUUID()}`;
    const before = auditedState(o);
    const values = {
      order_id: o.id,
      idem_key: idemKey,
      request_hash: hash,
      amount,
      method: r.manual ? ('manual' as const) : ('gateway' as const),
      gateway: r.manual ? null : o.payment_method,
      reason: body.reason,
      gateway_refund_id: null,
      failure: null,
      operator_id: actor.id,
      operator_name: actor.name,
      created_at: at,
      updated_at: at,
    };

    const notify = await prepareNotify?.();
    if (r.manual) {
      // No gateway: the refund is recorded in one transaction, the audit entry and the customer's notice with it.
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await repo.claimOrder(trx, o.id, o.refunded_amount, at))) throw busy();
          await repo.insertRefund(trx, { ...values, status: 'succeeded' });
          const after = settled(o, amount);
          await repo.setOrderRefund(trx, o.id, { ...after, updated_at: at });
          await audit(trx, actor, o.id, before, after, { amount, method: 'manual', reason: body.reason });
          await notify?.(trx, { type: 'order.refunded', order: o, amount });
        });
      } catch (error) {
        if (key && (await repo.refundByKey(db, id, key))) return sameKeyOrBusy();
        throw error;
      }
      return { order: await detail(o.id, locale), replayed: false };
    }

    let refundId = 0;
    try {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.claimOrder(trx, o.id, o.refunded_amount, at))) throw busy();
        refundId = await repo.insertRefund(trx, { ...values, status: 'pending' });
      });
    } catch (error) {
      // The same key at the same moment: the other request wrote its row first (the unique index decides).
      if (error instanceof HttpError && error.statusCode === 409) return sameKeyOrBusy();
      if (key && (await repo.refundByKey(db, id, key))) return sameKeyOrBusy();
      throw error;
    }

    let outcome: { id: string } | RefundError;
    try {
      outcome = await r.gateway!.refund({
        sessionId: r.payment!.session_id ?? '',
        amount,
        reason: body.reason,
        orderCode: o.order_code,
        key: `${o.id}-${idemKey}`,
      });
    } catch (error) {
      outcome = error instanceof RefundError ? error : new RefundError(`The gateway failed: ${(error as Error).message}`, false);
    }
    const done = now().toISOString();
    await db.transaction().execute(async (trx) => {
      if (outcome instanceof RefundError) {
        await repo.settleRefund(trx, refundId, { status: 'failed', failure: outcome.message.slice(0, 500), updated_at: done });
        const after = { refund_status: 'failed' as const, refunded_amount: o.refunded_amount };
        await repo.setOrderRefund(trx, o.id, { ...after, updated_at: done });
        await audit(trx, actor, o.id, before, after, { amount, method: 'gateway', reason: body.reason, failed: true });
      } else {
        await repo.settleRefund(trx, refundId, { status: 'succeeded', gateway_refund_id: outcome.id, updated_at: done });
        const after = settled(o, amount);
        await repo.setOrderRefund(trx, o.id, { ...after, updated_at: done });
        await audit(trx, actor, o.id, before, after, { amount, method: 'gateway', reason: body.reason });
        await notify?.(trx, { type: 'order.refunded', order: o, amount });
      }
    });
    if (outcome instanceof RefundError) throw gatewayFailure(outcome);
    return { order: await detail(o.id, locale), replayed: false };

    /** The order's state once `amount` more is refunded: all of what was paid, or a part. */
    function settled(order: OrderRow, more: number) {
      const total = order.refunded_amount + more;
      return { refund_status: total >= r.paid ? ('refunded' as const) : ('partial' as const), refunded_amount: total };
    }
  }

  /** The answer to a request replayed with its key: the first request's outcome, never a second refund. */
  async function replay(first: RefundRow, hash: string, locale: Locale): Promise<AdminOrder> {
    let earlier = first;
    if (earlier.request_hash !== hash)
      throw validationError({ 'Idempotency-Key': ['This Idempotency-Key was used for another refund.'] });
    // The first request is still at the gateway (a double click): wait for its outcome, then answer it.
    let row: RefundRow | undefined = earlier;
    for (let waited = 0; row?.status === 'pending' && waited < REPLAY_WAIT_MS; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await repo.refundByKey(db, earlier.order_id, earlier.idem_key);
    }
    if (!row || row.status === 'pending') throw busy();
    earlier = row;
    if (earlier.status === 'failed') {
      const failure = earlier.failure ?? 'The refund failed.';
      throw gatewayFailure(new RefundError(failure, /refused/.test(failure)));
    }
    return detail(earlier.order_id, locale);
  }

  async function audit(
    trx: Parameters<typeof recordAudit>[0],
    actor: Actor,
    orderId: number,
    before: Record<string, unknown>,
    after: { refund_status: string; refunded_amount: number },
    what: { amount: number; method: string; reason: string; failed?: boolean },
  ) {
    const changes = {
      ...changesOf(before, auditedState(after)),
      refund: [
        null,
        { amount: omr(what.amount), method: what.method, reason: what.reason, ...(what.failed ? { failed: true } : {}) },
      ],
    } as Record<string, [unknown, unknown]>;
    await recordAudit(trx, actor, { action: 'order.refund', targetType: 'order', targetId: orderId, changes }, now());
  }

  return { list, detail, refund };
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

/** How long a replay waits for the first request of its key to hear from the gateway. */
const REPLAY_WAIT_MS = 20_000;

const busy = () => new HttpError(409, 'A refund of this order is under way: wait for it, then look at the order again.');

/** The gateway said no (422) or could not be asked (502); either way the failed attempt is recorded. */
const gatewayFailure = (e: RefundError) =>
  e.refused ? new HttpError(422, e.message, { amount: [e.message] }) : new HttpError(502, e.message);
