import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A payment gateway on loopback for the browser tests: it plays Thawani Pay's checkout-session API
 * (`thawani-api-key`, /api/v1/checkout/session), its hosted payment page (/pay/{session}?key=) and its
 * signed webhook (HMAC-SHA256 of "{body}-{timestamp}"). The hosted page has the buttons a customer
 * presses there; each ends as the real page does, by sending the browser to the shop's success or
 * cancel address:
 * - Pay: the session becomes paid, the signed webhook is sent (and answered) before the redirect;
 * - Pay (confirmed late): no webhook, and the session reads unpaid to the shop's first three lookups, so the
 *   return page shows "confirming" and has to ask again;
 * - Cancel: the session becomes cancelled.
 * And the refund of a paid session (the console's, decision 040): the session's `invoice`, its payment at
 * `GET /api/v1/payments?checkout_invoice=`, `POST /api/v1/refunds {payment_id, reason, metadata}` (amount
 * in baisa beside them); `GET /test/refunds` lists what was refunded.
 */
export const THAWANI = { secretKey: 'sk_e2e_thawani', publishableKey: 'pk_e2e_thawani', webhookSecret: 'whsec_e2e_thawani' };

type Status = 'unpaid' | 'paid' | 'cancelled';
interface Session {
  id: string;
  status: Status;
  /** Lookups still to answer "unpaid" before a late payment reads paid. */
  lateLookups?: number;
  body: {
    client_reference_id?: string;
    success_url?: string;
    cancel_url?: string;
    products?: Array<{ unit_amount: number; quantity: number }>;
  };
}

export interface GatewayPeer {
  url: string;
  /** Environment for the shop's server so that it uses this peer. */
  env: Record<string, string>;
  /** Where webhooks go (the shop's origin), known once the shop's server is up. */
  setShop(origin: string): void;
  close(): Promise<void>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startGatewayPeer(): Promise<GatewayPeer> {
  const sessions = new Map<string, Session>();
  /** Refunds asked of the peer (Thawani's POST /api/v1/refunds), read by tests at GET /test/refunds. */
  const refunds: Array<{
    refund_id: string;
    payment_id: string;
    amount: number;
    reason: string;
    metadata: Record<string, unknown>;
  }> = [];
  let shop = '';
  let seq = 0;

  async function thawaniWebhook(s: Session) {
    const body = JSON.stringify({
      event_type: 'checkout.completed',
      data: { session_id: s.id, client_reference_id: s.body.client_reference_id, payment_status: s.status },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', THAWANI.webhookSecret).update(`${body}-${timestamp}`).digest('hex');
    const res = await fetch(`${shop}/api/payment/thawani/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'thawani-signature': signature, 'thawani-timestamp': timestamp },
      body,
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  }

  function page(s: Session) {
    const amount = (s.body.products ?? []).reduce((sum, p) => sum + p.unit_amount * p.quantity, 0);
    const button = (action: string, label: string, id: string) =>
      `<form method="post" action="/pay/${escape(s.id)}/${action}"><button type="submit" data-testid="${id}">${label}</button></form>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Thawani checkout (test peer)</title></head>
<body><main><h1>Pay ${(amount / 1000).toFixed(3)} OMR</h1><p>Session ${escape(s.id)}</p>
${button('pay', 'Pay', 'gateway-pay')}${button('pay-late', 'Pay (confirmed late)', 'gateway-pay-late')}${button('cancel', 'Cancel', 'gateway-cancel')}
</main></body></html>`;
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://peer');
        const json = (code: number, body: unknown) =>
          res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        const redirect = (to: string) => res.writeHead(303, { location: to }).end();

        // Thawani's API
        if (url.pathname.startsWith('/api/v1/')) {
          if (req.headers['thawani-api-key'] !== THAWANI.secretKey) return json(401, { success: false, code: 4001 });
          if (req.method === 'POST' && url.pathname === '/api/v1/checkout/session') {
            const id = `checkout_e2e_${++seq}_${Date.now()}`;
            sessions.set(id, { id, status: 'unpaid', body: JSON.parse(raw) as Session['body'] });
            return json(200, { success: true, code: 2004, data: { session_id: id, payment_status: 'unpaid' } });
          }
          const m = /^\/api\/v1\/checkout\/session\/([\w-]+)$/.exec(url.pathname);
          const s = m ? sessions.get(m[1]!) : undefined;
          if (req.method === 'GET' && s) {
            if (s.lateLookups !== undefined && --s.lateLookups < 0) s.status = 'paid';
            // A paid session names its invoice, through which its payment is found (for a refund).
            const invoice = s.status === 'paid' ? `inv_${s.id}` : null;
            return json(200, { success: true, code: 2000, data: { session_id: s.id, payment_status: s.status, invoice } });
          }
          // The payments of a paid session's invoice, and refunds of a payment ({payment_id, reason, metadata}, amount).
          const paidOf = (paymentId: string) =>
            [...sessions.values()].find((x) => x.status === 'paid' && `pay_${x.id}` === paymentId);
          const amountOf = (x: Session) => (x.body.products ?? []).reduce((sum, p) => sum + p.unit_amount * p.quantity, 0);
          if (req.method === 'GET' && url.pathname === '/api/v1/payments') {
            const invoice = url.searchParams.get('checkout_invoice');
            const found = [...sessions.values()].filter((x) => x.status === 'paid' && `inv_${x.id}` === invoice);
            const data = found.map((x) => ({
              payment_id: `pay_${x.id}`,
              amount: amountOf(x),
              status: 'successful',
              checkout_invoice: invoice,
            }));
            return json(200, { success: true, code: 2000, data });
          }
          if (req.method === 'POST' && url.pathname === '/api/v1/refunds') {
            const body = JSON.parse(raw) as {
              payment_id?: string;
              reason?: string;
              amount?: number;
              metadata?: Record<string, unknown>;
            };
            const paid = body.payment_id ? paidOf(body.payment_id) : undefined;
            if (!paid || typeof body.reason !== 'string')
              return json(400, { success: false, code: 4000, description: 'Invalid payment' });
            const before = refunds.filter((r) => r.payment_id === body.payment_id).reduce((sum, r) => sum + r.amount, 0);
            const amount = body.amount ?? amountOf(paid) - before;
            if (amount <= 0 || before + amount > amountOf(paid))
              return json(400, { success: false, code: 4003, description: 'Amount exceeds the payment' });
            const refund = {
              refund_id: `ref_e2e_${++seq}`,
              payment_id: body.payment_id!,
              amount,
              reason: body.reason,
              metadata: body.metadata ?? {},
            };
            refunds.push(refund);
            return json(200, { success: true, code: 2001, data: { ...refund, status: 'successful' } });
          }
          return json(404, { success: false, code: 4040 });
        }

        // For tests: the refunds asked so far.
        if (req.method === 'GET' && url.pathname === '/test/refunds') return json(200, { refunds });

        // The hosted page and its buttons
        const m = /^\/pay\/([\w-]+)(?:\/(pay|pay-late|cancel))?$/.exec(url.pathname);
        const s = m ? sessions.get(m[1]!) : undefined;
        if (!s) return res.writeHead(404, { 'content-type': 'text/plain' }).end('no such session');
        if (req.method === 'GET' && !m![2]) {
          if (url.searchParams.get('key') !== THAWANI.publishableKey)
            return res.writeHead(403, { 'content-type': 'text/plain' }).end('wrong key');
          return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(s));
        }
        if (req.method !== 'POST' || s.status !== 'unpaid') return res.writeHead(409).end();
        if (m![2] === 'cancel') {
          s.status = 'cancelled';
          return redirect(s.body.cancel_url!);
        }
        if (m![2] === 'pay') {
          s.status = 'paid';
          await thawaniWebhook(s);
        } else {
          s.lateLookups = 3;
        }
        return redirect(s.body.success_url!);
      })().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      THAWANI_BASE_URL: url,
      THAWANI_SECRET_KEY: THAWANI.secretKey,
      THAWANI_PUBLISHABLE_KEY: THAWANI.publishableKey,
      THAWANI_WEBHOOK_SECRET: THAWANI.webhookSecret,
    },
    setShop(origin) {
      shop = origin;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
