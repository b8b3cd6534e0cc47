import { createHmac, timingSafeEqual } from 'node:crypto';
import { configuredGateways, type PaymentsConfig } from '../../config';
import { HttpError, notFound, validationError } from '../../http/route';
import type { CommerceContext } from './context';
import * as repo from './payments.repository';

/** A hosted payment page opened for one placement. */
export interface GatewaySession {
  id: string;
  url: string;
  /** Baisa asked of the customer, when the gateway cannot ask for the exact amount (Stripe: a multiple of 10). */
  amount?: number;
}

export type GatewayStatus = 'paid' | 'unpaid' | 'cancelled';
type PaymentState = 'pending' | 'paid' | 'cancelled' | 'expired';

/** One online payment provider behind one interface (decision 018). */
export interface PaymentGateway {
  name: string;
  /** True when the server has the keys this gateway needs. */
  configured: boolean;
  createSession(input: {
    reference: string;
    /** Baisa. */
    amount: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
    customer: { name: string; phone: string | null; email: string | null };
    /** When the unpaid orders are withdrawn: the page should stop taking payment by then. */
    expiresAt: Date;
    /** 0 for the placement's first page, then 1, 2 … for each Pay now that opens a new one (issue 39). */
    attempt?: number;
  }): Promise<GatewaySession>;
  /** The page of a session still open, where the gateway's page address follows from its id (Thawani). */
  sessionUrl?(sessionId: string): string;
  sessionStatus(sessionId: string): Promise<GatewayStatus>;
  /**
   * Closes an unpaid session's page so that it can no longer take a payment (issue 41: the orders it was
   * for are being withdrawn). Absent where the gateway has no such call (Thawani): a payment that still
   * arrives is recorded and refunded (confirmLate).
   */
  cancelSession?(sessionId: string): Promise<void>;
  /**
   * What a webhook is about — the gateway's session id or our placement reference — or null when its
   * signature does not verify. Its other fields are not trusted: the session is looked up afterwards.
   */
  webhookEvent(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookEvent | null;
}

export interface WebhookEvent {
  session?: string;
  reference?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

export class GatewayError extends Error {}

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Thawani Pay (Oman): REST checkout sessions (`thawani-api-key` header, amounts in baisa, a numeric
 * `client_reference_id`), the hosted page at /pay/{session_id}?key={publishable key}, and webhooks
 * signed with HMAC-SHA256, hex, of "{raw body}-{timestamp}" under the webhook secret (headers
 * thawani-signature, thawani-timestamp). Decision 023 has the sources.
 */
export function thawaniGateway(config: PaymentsConfig): PaymentGateway {
  const t = config.thawani;
  async function call(path: string, init: RequestInit = {}) {
    let res: Response;
    try {
      res = await fetch(`${t.baseUrl}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', 'thawani-api-key': t.secretKey ?? '', ...init.headers },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(`Thawani unreachable: ${(error as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as { success?: boolean; data?: Record<string, unknown> } | null;
    if (!res.ok || !body?.data) throw new GatewayError(`Thawani answered ${res.status}`);
    return body.data;
  }
  const pageOf = (id: string) => `${t.baseUrl}/pay/${encodeURIComponent(id)}?key=${encodeURIComponent(t.publishableKey ?? '')}`;
  return {
    name: 'thawani',
    configured: configuredGateways(config).has('thawani'),
    async createSession(input) {
      const data = await call('/api/v1/checkout/session', {
        method: 'POST',
        body: JSON.stringify({
          client_reference_id: input.reference,
          mode: 'payment',
          products: [{ name: input.description.slice(0, 40), quantity: 1, unit_amount: input.amount }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: {
            customer_name: input.customer.name,
            customer_phone: input.customer.phone ?? '',
            customer_email: input.customer.email ?? '',
            reference: input.reference,
          },
        }),
      });
      const id = String(data.session_id ?? '');
      if (!id) throw new GatewayError('Thawani answered no session id');
      return { id, url: pageOf(id) };
    },
    sessionUrl: (id) => pageOf(id),
    async sessionStatus(sessionId) {
      const data = await call(`/api/v1/checkout/session/${encodeURIComponent(sessionId)}`);
      const s = data.payment_status;
      return s === 'paid' || s === 'cancelled' ? s : 'unpaid';
    },
    webhookEvent(rawBody, headers) {
      const signature = header(headers, 'thawani-signature')?.trim();
      const timestamp = header(headers, 'thawani-timestamp')?.trim();
      if (!t.webhookSecret || !signature || !timestamp || !/^[0-9a-f]{64}$/i.test(signature)) return null;
      const expected = createHmac('sha256', t.webhookSecret).update(`${rawBody}-${timestamp}`).digest();
      if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) return null;
      // No time window: Thawani documents none, and a replayed notice only makes us look the session up again.
      try {
        const event = JSON.parse(rawBody) as { data?: Record<string, unknown> };
        const d = event.data ?? {};
        return { session: text(d.session_id) ?? text(d.checkout_session_id), reference: text(d.client_reference_id) };
      } catch {
        return {};
      }
    },
  };
}

/**
 * Stripe Checkout over its HTTP API (form-encoded, `Authorization: Bearer {secret key}`): a Checkout
 * Session in OMR, a three-decimal currency whose amounts Stripe takes in baisa with the last digit 0
 * (the payable is rounded down to 10 baisa: the customer is never asked for more than the orders cost);
 * the session looked up by id; webhooks signed per Stripe's scheme: `Stripe-Signature: t={unix},v1={hex}`
 * (several v1 allowed), HMAC-SHA256 of "{t}.{raw body}" under the endpoint's signing secret, with `t`
 * within the tolerance window of now.
 */
export function stripeGateway(config: PaymentsConfig, now: () => Date): PaymentGateway {
  const st = config.stripe;
  async function call(method: 'GET' | 'POST', path: string, form?: URLSearchParams, idempotencyKey?: string) {
    let res: Response;
    try {
      res = await fetch(`${st.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${st.secretKey ?? ''}`,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(`Stripe unreachable: ${(error as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !body) throw new GatewayError(`Stripe answered ${res.status}`);
    return body;
  }
  return {
    name: 'stripe',
    configured: configuredGateways(config).has('stripe'),
    async createSession(input) {
      const amount = input.amount - (input.amount % 10);
      if (amount <= 0) throw new GatewayError('Amount too small for Stripe');
      // A Checkout Session may expire 30 minutes to 24 hours after it is made.
      const minExpiry = now().getTime() + 31 * 60_000;
      const expires = Math.min(Math.max(input.expiresAt.getTime(), minExpiry), now().getTime() + 23 * 3600_000);
      const form = new URLSearchParams({
        mode: 'payment',
        client_reference_id: input.reference,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'omr',
        'line_items[0][price_data][unit_amount]': String(amount),
        'line_items[0][price_data][product_data][name]': input.description.slice(0, 250),
        'metadata[reference]': input.reference,
        expires_at: String(Math.floor(expires / 1000)),
      });
      if (input.customer.email) form.set('customer_email', input.customer.email);
      // One key per page of the placement: a retried call gets the same page, a Pay now a new one.
      const key = `checkout-${input.reference}${input.attempt ? `-${input.attempt}` : ''}`;
      const data = await call('POST', '/v1/checkout/sessions', form, key);
      const id = text(data.id);
      const url = text(data.url);
      if (!id || !url) throw new GatewayError('Stripe answered no session');
      return { id, url, amount };
    },
    async cancelSession(sessionId) {
      // Stripe expires an open Checkout Session on request; a completed one answers an error.
      await call('POST', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`, new URLSearchParams());
    },
    async sessionStatus(sessionId) {
      const data = await call('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);
      if (data.payment_status === 'paid' || data.payment_status === 'no_payment_required') return 'paid';
      return data.status === 'expired' ? 'cancelled' : 'unpaid';
    },
    webhookEvent(rawBody, headers) {
      const sig = header(headers, 'stripe-signature');
      if (!st.webhookSecret || !sig) return null;
      let t: string | undefined;
      const v1: string[] = [];
      for (const part of sig.split(',')) {
        const at = part.indexOf('=');
        const [k, v] = [part.slice(0, at).trim(), part.slice(at + 1).trim()];
        if (k === 't') t = v;
        else if (k === 'v1') v1.push(v);
      }
      if (!t || !/^\d{1,12}$/.test(t) || !v1.length) return null;
      if (Math.abs(now().getTime() / 1000 - Number(t)) > st.toleranceSec) return null;
      const expected = createHmac('sha256', st.webhookSecret).update(`${t}.${rawBody}`).digest();
      const match = v1.some((v) => /^[0-9a-f]{64}$/i.test(v) && timingSafeEqual(Buffer.from(v, 'hex'), expected));
      if (!match) return null;
      try {
        const event = JSON.parse(rawBody) as { type?: unknown; data?: { object?: Record<string, unknown> } };
        if (typeof event.type !== 'string' || !event.type.startsWith('checkout.session.')) return {};
        const o = event.data?.object ?? {};
        return { session: text(o.id), reference: text(o.client_reference_id) };
      } catch {
        return {};
      }
    },
  };
}

/** Starts, confirms and reports online payments of placed orders. */
export function createPaymentsService(
  ctx: CommerceContext,
  gateways: PaymentGateway[],
  opts: { publicUrl: string; unpaidTimeoutMin: number; log?: { warn(obj: object, msg: string): void } },
) {
  const { publicUrl, unpaidTimeoutMin } = opts;
  const { db } = ctx;
  const byName = new Map(gateways.map((g) => [g.name, g]));

  const gateway = (name: string) => byName.get(name);

  /** Opens the gateway's page for a placement's orders; answers its URL. */
  async function start(name: string, userId: number, checkoutRef: string, amount: number, codes: string[]): Promise<string> {
    const g = byName.get(name);
    if (!g) throw new HttpError(422, 'The selected payment method is invalid or not available.');
    const session = await openPage(g, userId, checkoutRef, amount, codes, ctx.now(), 0);
    const now = ctx.now().toISOString();
    await repo.insertPayment(db, {
      checkout_ref: checkoutRef,
      user_id: userId,
      gateway: name,
      session_id: session.id,
      amount: session.amount ?? amount,
      status: 'pending',
      created_at: now,
      updated_at: now,
    });
    return session.url;
  }

  /** A gateway page for a placement that began at `startedAt` (its orders are withdrawn a timeout later). */
  async function openPage(
    g: PaymentGateway,
    userId: number,
    checkoutRef: string,
    amount: number,
    codes: string[],
    startedAt: Date,
    attempt: number,
  ) {
    const user = await repo.payerContact(db, userId);
    const back = (kind: string) => `${publicUrl}/payment/${kind}?session_id=${encodeURIComponent(checkoutRef)}`;
    const session = await g.createSession({
      reference: checkoutRef,
      amount,
      description: `Orders ${codes.join(', ')}`,
      successUrl: back('success'),
      cancelUrl: back('cancel'),
      customer: {
        name: user?.name ?? '',
        phone: user?.phone ? `${user.phone_code}${user.phone}` : null,
        email: user?.email ?? null,
      },
      expiresAt: new Date(startedAt.getTime() + unpaidTimeoutMin * 60_000),
      attempt,
    });
    return session;
  }

  /**
   * Pay now (issue 39): the page where the customer can still pay an unpaid online order before it is
   * withdrawn, for the same amount and the same deadline. A page still open is reused where the gateway
   * cannot close pages (Thawani: a second open page could be paid twice); where it can (Stripe) the old
   * page is closed first and a new one opened. A page the customer cancelled at the gateway is replaced.
   * The placement keeps one payment: its session is swapped, conditionally, so that two presses at once
   * open one page. A payment that arrived meanwhile answers 409.
   */
  async function payAgain(userId: number, orderId: number): Promise<string> {
    const order = await repo.customerOrder(db, userId, orderId);
    if (!order) throw notFound('Order not found.');
    const alreadyPaid = () => new HttpError(409, 'This order is already paid.');
    if (order.payment_status === 'Paid') throw alreadyPaid();
    const payment = await repo.paymentByReference(db, order.checkout_ref);
    const g = payment ? byName.get(payment.gateway) : undefined;
    if (!payment || !g) throw validationError({ order_id: ['This order is not paid online.'] });
    if (order.order_status !== 'Pending' || payment.status === 'expired')
      throw validationError({ order_id: ['This order can no longer be paid: it was withdrawn.'] });
    const asked = async () => {
      try {
        return await confirm(payment);
      } catch (error) {
        if (error instanceof GatewayError) throw new HttpError(503, 'The payment gateway is not answering; try again.');
        throw error;
      }
    };
    const state = await asked();
    if (state === 'paid') throw alreadyPaid();
    if (state === 'pending' && payment.session_id) {
      if (!g.cancelSession) {
        if (g.sessionUrl) return g.sessionUrl(payment.session_id);
      } else {
        const closed = await closePage(g, payment.session_id, payment);
        if (closed === 'paid') throw alreadyPaid();
        if (closed !== 'closed') throw new HttpError(503, 'The payment gateway is not answering; try again.');
      }
    }
    const placement = await repo.placementOrders(db, order.checkout_ref);
    const amount = placement.reduce((sum, o) => sum + Number(o.payable_amount), 0);
    const attempt = await repo.nextAttempt(db, payment.id);
    let session: GatewaySession;
    try {
      session = await openPage(
        g,
        userId,
        order.checkout_ref,
        amount,
        placement.map((o) => o.order_code),
        new Date(payment.created_at),
        attempt,
      );
    } catch (error) {
      if (error instanceof GatewayError) throw new HttpError(503, 'The payment gateway is not answering; try again.');
      throw error;
    }
    const swapped = await repo.swapSession(db, payment.id, payment.session_id, {
      session_id: session.id,
      amount: session.amount ?? amount,
      updated_at: ctx.now().toISOString(),
    });
    if (!swapped) {
      // Another press swapped first: close this page again where possible, and send the customer to theirs.
      await g.cancelSession?.(session.id).catch(() => undefined);
      throw new HttpError(409, 'A payment page was just opened for this order; please try again.');
    }
    return session.url;
  }

  /**
   * Asks the gateway about a pending payment and records the answer: paid marks its orders paid (once:
   * the conditional update decides), cancelled leaves them unpaid.
   */
  async function confirm(payment: {
    id: number;
    user_id: number;
    gateway: string;
    session_id: string | null;
    status: PaymentState;
    checkout_ref: string;
  }): Promise<PaymentState> {
    if (payment.status === 'expired' && payment.session_id) return confirmLate({ ...payment, session_id: payment.session_id });
    if (payment.status !== 'pending' || !payment.session_id) return payment.status;
    const g = byName.get(payment.gateway);
    if (!g) return payment.status;
    const status = await g.sessionStatus(payment.session_id);
    if (status === 'unpaid') return 'pending';
    const now = ctx.now().toISOString();
    const notify = status === 'paid' ? await ctx.notify?.() : undefined;
    await db.transaction().execute(async (trx) => {
      const moved = await repo.settlePending(trx, payment.id, status, now);
      if (status === 'paid' && moved) {
        await repo.markPlacementPaid(trx, payment.checkout_ref, now);
        // An online order is announced once paid (decision 046), in the customer's stored language.
        const orders = (await repo.placementOrders(trx, payment.checkout_ref)).filter((o) => o.order_status !== 'Cancelled');
        if (notify && orders.length) await notify(trx, { type: 'order.placed', userId: payment.user_id, orders });
      }
    });
    return status;
  }

  /**
   * A payment whose orders the sweep withdrew (issue 41, finding 1): if the gateway says it was paid after
   * all (a page left open and paid later), the money is recorded, never lost: the payment becomes paid,
   * its orders Paid while they stay Cancelled, so a refund is due on them (the console's refunds and
   * orders list show it), and it is logged. Once, whoever asks first (the conditional update decides).
   */
  async function confirmLate(payment: { id: number; gateway: string; session_id: string; checkout_ref: string }) {
    const g = byName.get(payment.gateway);
    if (!g || (await g.sessionStatus(payment.session_id)) !== 'paid') return 'expired' as const;
    const now = ctx.now().toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await repo.settleLate(trx, payment.id, now))) return false;
      await repo.markPlacementPaid(trx, payment.checkout_ref, now);
      return true;
    });
    if (moved)
      opts.log?.warn(
        { checkout_ref: payment.checkout_ref, gateway: payment.gateway },
        'a payment arrived after its orders were withdrawn: they are marked paid and cancelled, a refund is due',
      );
    return 'paid' as const;
  }

  /** A verified webhook: confirms the payment it names (idempotent). */
  async function webhook(name: string, rawBody: string, headers: Record<string, string | string[] | undefined>) {
    const g = byName.get(name);
    if (!g) throw new HttpError(404, 'Not found.');
    const event = g.webhookEvent(rawBody, headers);
    if (event === null) throw new HttpError(400, 'Invalid signature.');
    const payment =
      (event.session ? await repo.paymentBySession(db, event.session) : undefined) ??
      (event.reference ? await repo.paymentByReference(db, event.reference) : undefined);
    // A notice about another gateway's payment (or none of ours) is acknowledged and ignored.
    if (!payment || payment.gateway !== name) return;
    try {
      await confirm(payment);
    } catch (error) {
      // The gateway could not be asked (Thawani's notices are confirmed by a lookup): say so, so that it
      // sends the notice again; the return page and the sweep ask again too.
      if (error instanceof GatewayError) throw new HttpError(503, 'The payment gateway is not answering; try again.');
      throw error;
    }
  }

  /** The payment of a placement (by the gateway's session id or the placement's reference), the customer's own. */
  async function status(userId: number, ref: string) {
    const payment = await repo.customerPayment(db, userId, ref);
    if (!payment) throw new HttpError(404, 'Payment not found.');
    let state: PaymentState;
    try {
      state = await confirm(payment);
    } catch (error) {
      // The gateway is not answering: the payment is as last known (pending), and the page asks again.
      if (!(error instanceof GatewayError)) throw error;
      state = payment.status;
    }
    const orders = await repo.placementOrders(db, payment.checkout_ref);
    // Until the sweep withdraws them, unpaid orders keep their stock; the return page says until when.
    const waiting = (state === 'pending' || state === 'cancelled') && orders.some((o) => o.order_status === 'Pending');
    const expiresAt = waiting ? new Date(Date.parse(payment.created_at) + unpaidTimeoutMin * 60_000).toISOString() : null;
    return {
      payment_status: state === 'paid' || state === 'pending' ? state : ('cancelled' as const),
      orders,
      expires_at: expiresAt,
    };
  }

  /**
   * Before its orders are withdrawn, an unpaid session's page is closed at the gateway where it can be
   * (Stripe), so that nobody pays for withdrawn orders. When the gateway refuses because the customer
   * paid a moment ago, the payment is read again: false (keep the orders) if it was paid. A gateway that
   * cannot close pages, or does not answer, leaves the late-payment path (confirmLate) to record it.
   */
  async function closeAtGateway(p: {
    id: number;
    user_id: number;
    gateway: string;
    session_id: string | null;
    status: PaymentState;
    checkout_ref: string;
  }) {
    const g = byName.get(p.gateway);
    if (!g?.cancelSession || !p.session_id) return true;
    const closed = await closePage(g, p.session_id, p);
    if (closed === 'paid') return false;
    if (closed !== 'closed')
      opts.log?.warn(
        { err: closed.refused, checkout_ref: p.checkout_ref, gateway: p.gateway },
        'an unpaid payment page could not be closed at the gateway; a payment that still arrives is recorded and refunded',
      );
    return true;
  }

  /**
   * Closes a session's page at a gateway that can (Pay now, withdrawal). When the gateway refuses, the
   * payment is asked again: 'paid' if the customer paid a moment ago, else what the gateway refused with
   * (it also stands for a gateway not answering).
   */
  async function closePage(
    g: PaymentGateway,
    sessionId: string,
    payment: Parameters<typeof confirm>[0],
  ): Promise<'closed' | 'paid' | { refused: unknown }> {
    try {
      await g.cancelSession!(sessionId);
      return 'closed';
    } catch (error) {
      try {
        if ((await confirm(payment)) === 'paid') return 'paid';
      } catch {
        /* not answering: decide without it */
      }
      return { refused: error };
    }
  }

  /**
   * Online payments pending or cancelled past the timeout: a pending one is asked of the gateway once
   * more (a late payment counts); the others are marked expired, once, and their placements answered
   * for withdrawal.
   */
  async function expired(timeoutMin: number): Promise<string[]> {
    const before = new Date(ctx.now().getTime() - timeoutMin * 60_000).toISOString();
    const rows = await repo.stalePayments(db, before);
    const out: string[] = [];
    for (const p of rows) {
      let state: PaymentState;
      try {
        state = await confirm(p);
      } catch {
        state = 'pending'; // the gateway is not answering: decide without it
      }
      if (state === 'paid') continue;
      if (state === 'pending' && !(await closeAtGateway(p))) continue;
      if (await repo.expirePayment(db, p.id, ctx.now().toISOString())) out.push(p.checkout_ref);
    }
    return out;
  }

  return { gateway, start, payAgain, webhook, status, expired };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
