import { configuredGateways, type PaymentsConfig } from '../../config';

/**
 * Refunds through the gateways that took the payments (decision 042), over their HTTP APIs as
 * modules/commerce/payments.ts speaks them (same keys, base URLs and timeouts).
 */
export interface RefundGateway {
  name: string;
  configured: boolean;
  /** Whole baisa a refund amount must be a multiple of (Stripe: 10 for OMR). */
  step: number;
  refund(input: {
    /** The gateway's checkout session of the payment. */
    sessionId: string;
    /** Baisa. */
    amount: number;
    reason: string;
    orderCode: string;
    /** Ours, per refund: the gateway's idempotency key where it has one, and in the metadata. */
    key: string;
  }): Promise<{ id: string; status: 'succeeded' | 'pending' }>;
}

/**
 * The gateway did not refund. `refused`: it answered and said no (4xx, or a failed refund): the
 * operator is told why (422). Otherwise it could not be reached or failed itself (502).
 */
export class RefundError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

async function send(label: string, url: string, init: RequestInit, timeoutMs: number) {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new RefundError(`${label} could not be reached (${(error as Error).message}).`, false);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status >= 500 || !body) throw new RefundError(`${label} answered ${res.status}.`, false);
  if (!res.ok) {
    const err = body.error as { message?: unknown } | undefined;
    const why = text(err?.message) ?? text(body.description) ?? text(body.message) ?? `status ${res.status}`;
    throw new RefundError(`${label} refused the refund: ${why}`, true);
  }
  return body;
}

/**
 * Thawani Pay: the payment of a checkout session is found through the session's invoice
 * (`GET /api/v1/checkout/session/{id}` → `invoice`, then `GET /api/v1/payments?checkout_invoice=`), and
 * refunded with `POST /api/v1/refunds {payment_id, reason, metadata}` (`thawani-api-key` header). The
 * amount in baisa is sent too (`amount`, as the public Node client types it) so that one shop's order of
 * a placement paid in one payment is refunded alone. Thawani documents no idempotency header: our key
 * goes in the metadata, and our own refund row (written before this call) keeps a replay from calling twice.
 */
export function thawaniRefunds(config: PaymentsConfig): RefundGateway {
  const t = config.thawani;
  const headers = { 'content-type': 'application/json', 'thawani-api-key': t.secretKey ?? '' };
  const call = async (path: string, init: RequestInit = {}) => {
    const body = await send('Thawani', `${t.baseUrl}${path}`, { ...init, headers }, config.timeoutMs);
    if (body.success === false)
      throw new RefundError(`Thawani refused the refund: ${text(body.description) ?? 'no reason given'}`, true);
    return body.data;
  };
  return {
    name: 'thawani',
    configured: configuredGateways(config).has('thawani'),
    step: 1,
    async refund(input) {
      const session = (await call(`/api/v1/checkout/session/${encodeURIComponent(input.sessionId)}`)) as
        Record<string, unknown> | undefined;
      const invoice = text(session?.invoice);
      if (!invoice) throw new RefundError('Thawani has no invoice for this payment.', true);
      const list = await call(`/api/v1/payments?limit=10&skip=0&checkout_invoice=${encodeURIComponent(invoice)}`);
      const payments = Array.isArray(list) ? (list as Array<Record<string, unknown>>) : [];
      const paid = payments.find((p) => p.status === 'successful') ?? payments[0];
      const paymentId = text(paid?.payment_id);
      if (!paymentId) throw new RefundError('Thawani has no payment for this session.', true);
      const refund = (await call('/api/v1/refunds', {
        method: 'POST',
        body: JSON.stringify({
          payment_id: paymentId,
          reason: input.reason.slice(0, 250),
          amount: input.amount,
          metadata: { order_code: input.orderCode, refund_key: input.key },
        }),
      })) as Record<string, unknown> | undefined;
      const id = text(refund?.refund_id);
      if (!id) throw new RefundError('Thawani answered no refund.', false);
      if (refund?.status === 'failed') throw new RefundError('Thawani refused the refund: it failed.', true);
      return { id, status: refund?.status === 'successful' ? 'succeeded' : 'pending' };
    },
  };
}

/**
 * Stripe: the Checkout Session names its PaymentIntent (`GET /v1/checkout/sessions/{id}` →
 * `payment_intent`), refunded with `POST /v1/refunds` (form: `payment_intent`, `amount` in baisa, a
 * multiple of 10 for OMR, `reason=requested_by_customer`, our reason and key in the metadata) under
 * `Idempotency-Key: refund-{key}`: Stripe itself answers a repeat with the first refund.
 */
export function stripeRefunds(config: PaymentsConfig): RefundGateway {
  const st = config.stripe;
  const call = (method: 'GET' | 'POST', path: string, form?: URLSearchParams, key?: string) =>
    send(
      'Stripe',
      `${st.apiBase}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${st.secretKey ?? ''}`,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: form?.toString(),
      },
      config.timeoutMs,
    );
  return {
    name: 'stripe',
    configured: configuredGateways(config).has('stripe'),
    step: 10,
    async refund(input) {
      const session = await call('GET', `/v1/checkout/sessions/${encodeURIComponent(input.sessionId)}`);
      const pi = session.payment_intent;
      const intent = text(pi) ?? text((pi as { id?: unknown } | null)?.id);
      if (!intent) throw new RefundError('Stripe has no payment for this session.', true);
      const form = new URLSearchParams({
        payment_intent: intent,
        amount: String(input.amount),
        reason: 'requested_by_customer',
        'metadata[order_code]': input.orderCode,
        'metadata[refund_key]': input.key,
        'metadata[reason]': input.reason.slice(0, 500),
      });
      const refund = await call('POST', '/v1/refunds', form, `refund-${input.key}`);
      const id = text(refund.id);
      if (!id) throw new RefundError('Stripe answered no refund.', false);
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new RefundError(`Stripe refused the refund: ${text(refund.failure_reason) ?? String(refund.status)}`, true);
      return { id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
    },
  };
}
