import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Both gateways on loopback for the refund tests, each in its public API's shape:
 * - Thawani Pay: checkout sessions (`thawani-api-key`, JSON `{success, code, data}`), a paid session's
 *   `invoice`, `GET /api/v1/payments?checkout_invoice=` → its payment, `POST /api/v1/refunds {payment_id,
 *   reason, metadata}` (and `amount`, baisa);
 * - Stripe: Checkout Sessions (form-encoded, Bearer secret key) whose paid session names its
 *   `payment_intent`, and `POST /v1/refunds` (`payment_intent`, `amount`) honouring `Idempotency-Key`
 *   as Stripe does (a repeat answers the first refund, makes none).
 * `fail` makes the next refund calls fail: `down` (500) or `refuse` (400, a declined refund).
 */
export interface PeerRefund {
  gateway: 'thawani' | 'stripe';
  id: string;
  payment: string;
  amount: number;
  body: Record<string, string | number | Record<string, unknown>>;
  idempotencyKey?: string;
}

export async function startRefundPeer() {
  const thawani = new Map<string, { paid: boolean; amount: number; invoice: string; body: Record<string, unknown> }>();
  const stripe = new Map<string, { paid: boolean; amount: number; intent: string; form: URLSearchParams }>();
  const refunds: PeerRefund[] = [];
  const stripeKeys = new Map<string, Record<string, unknown>>();
  const state = { fail: null as null | 'down' | 'refuse', calls: 0 };
  let seq = 0;
  const refunded = (payment: string) => refunds.filter((r) => r.payment === payment).reduce((s, r) => s + r.amount, 0);

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const send = (code: number, body: unknown) =>
        res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const url = new URL(req.url ?? '/', 'http://peer');

      if (url.pathname.startsWith('/api/v1/')) {
        if (req.headers['thawani-api-key'] !== 'sk_thawani_peer') return send(401, { success: false, code: 4001 });
        if (req.method === 'POST' && url.pathname === '/api/v1/checkout/session') {
          const body = JSON.parse(raw) as { products: Array<{ unit_amount: number; quantity: number }> };
          const id = `checkout_${++seq}`;
          const amount = body.products.reduce((s, p) => s + p.unit_amount * p.quantity, 0);
          thawani.set(id, { paid: false, amount, invoice: `inv_${seq}`, body });
          return send(200, { success: true, code: 2004, data: { session_id: id, payment_status: 'unpaid' } });
        }
        const m = /^\/api\/v1\/checkout\/session\/([\w-]+)$/.exec(url.pathname);
        const s = m ? thawani.get(m[1]!) : undefined;
        if (req.method === 'GET' && s)
          return send(200, {
            success: true,
            code: 2000,
            data: { session_id: m![1], payment_status: s.paid ? 'paid' : 'unpaid', invoice: s.paid ? s.invoice : null },
          });
        if (req.method === 'GET' && url.pathname === '/api/v1/payments') {
          const invoice = url.searchParams.get('checkout_invoice');
          const found = [...thawani.values()].filter((x) => x.paid && x.invoice === invoice);
          return send(200, {
            success: true,
            code: 2000,
            data: found.map((x) => ({
              payment_id: `pay_${x.invoice}`,
              amount: x.amount,
              status: 'successful',
              checkout_invoice: x.invoice,
            })),
          });
        }
        if (req.method === 'POST' && url.pathname === '/api/v1/refunds') {
          state.calls++;
          if (state.fail === 'down') return send(500, { success: false, code: 5000, description: 'Internal error' });
          if (state.fail === 'refuse')
            return send(400, { success: false, code: 4002, description: 'Refund declined by the bank' });
          const body = JSON.parse(raw) as {
            payment_id: string;
            reason: string;
            amount?: number;
            metadata: Record<string, unknown>;
          };
          const session = [...thawani.values()].find((x) => `pay_${x.invoice}` === body.payment_id);
          if (!session || typeof body.reason !== 'string' || !body.metadata)
            return send(400, { success: false, code: 4000, description: 'Invalid payment' });
          const amount = body.amount ?? session.amount - refunded(body.payment_id);
          if (amount <= 0 || amount > session.amount - refunded(body.payment_id))
            return send(400, { success: false, code: 4003, description: 'Amount exceeds the payment' });
          const id = `ref_${++seq}`;
          refunds.push({ gateway: 'thawani', id, payment: body.payment_id, amount, body: body as PeerRefund['body'] });
          return send(200, {
            success: true,
            code: 2001,
            data: {
              refund_id: id,
              payment_id: body.payment_id,
              amount,
              status: 'successful',
              reason: body.reason,
              metadata: body.metadata,
            },
          });
        }
        return send(404, { success: false, code: 4040 });
      }

      if (url.pathname.startsWith('/v1/')) {
        if (req.headers.authorization !== 'Bearer sk_stripe_peer')
          return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          const form = new URLSearchParams(raw);
          const id = `cs_test_${++seq}`;
          stripe.set(id, {
            paid: false,
            amount: Number(form.get('line_items[0][price_data][unit_amount]')),
            intent: `pi_${seq}`,
            form,
          });
          return send(200, {
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/c/pay/${id}`,
            payment_status: 'unpaid',
          });
        }
        const m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
        const s = m ? stripe.get(m[1]!) : undefined;
        if (req.method === 'GET' && s)
          return send(200, {
            id: m![1],
            object: 'checkout.session',
            payment_status: s.paid ? 'paid' : 'unpaid',
            status: s.paid ? 'complete' : 'open',
            payment_intent: s.paid ? s.intent : null,
          });
        if (req.method === 'POST' && url.pathname === '/v1/refunds') {
          state.calls++;
          const key = req.headers['idempotency-key'] as string | undefined;
          if (key && stripeKeys.has(key)) return send(200, stripeKeys.get(key));
          if (state.fail === 'down') return send(500, { error: { type: 'api_error', message: 'Something went wrong' } });
          if (state.fail === 'refuse')
            return send(402, {
              error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'The charge is disputed' },
            });
          const form = new URLSearchParams(raw);
          const intent = form.get('payment_intent');
          const session = [...stripe.values()].find((x) => x.paid && x.intent === intent);
          if (!session)
            return send(400, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${intent}'` } });
          const amount = Number(form.get('amount') ?? session.amount - refunded(intent!));
          if (amount % 10 !== 0)
            return send(400, { error: { type: 'invalid_request_error', message: 'Amount must end in 0 for OMR' } });
          if (amount > session.amount - refunded(intent!))
            return send(400, {
              error: { type: 'invalid_request_error', message: 'Refund amount is greater than unrefunded amount' },
            });
          const id = `re_${++seq}`;
          refunds.push({ gateway: 'stripe', id, payment: intent!, amount, body: Object.fromEntries(form), idempotencyKey: key });
          const answer = { id, object: 'refund', amount, currency: 'omr', payment_intent: intent, status: 'succeeded' };
          if (key) stripeKeys.set(key, answer);
          return send(200, answer);
        }
        return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      }
      return send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    refunds,
    state,
    /** The customer pays the newest session of a gateway on its page. */
    payLatest(gateway: 'thawani' | 'stripe') {
      const s = gateway === 'thawani' ? [...thawani.entries()].at(-1) : [...stripe.entries()].at(-1);
      if (!s) throw new Error('no session');
      s[1].paid = true;
      return s[0];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
