import {
  cartLineBody,
  cartQuery,
  cartResponseSchema,
  cartStoreBody,
  checkoutBody,
  checkoutResponseSchema,
  collectVoucherBody,
  collectedVouchersQuery,
  customerOrderResponseSchema,
  orderDetailsQuery,
  orderAgainBody,
  orderAgainResponseSchema,
  orderIdBody,
  orderResponseSchema,
  ordersQuery,
  ordersResponseSchema,
  orderStatusOf,
  paymentStatusQuery,
  paymentStatusResponseSchema,
  payAgainResponseSchema,
  placeOrderBody,
  placeOrderResponseSchema,
  sellerOrderPaymentBody,
  sellerOrdersQuery,
  sellerOrderStatusBody,
  vouchersQuery,
  vouchersResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound, route, validationError } from '../../http/route';
import { TooManyRequestsError } from '../../shared/rate-limit';
import { createAccountsContext } from '../accounts';
import { createOtpService } from '../accounts';
import { findUserById } from '../accounts';
import { CART_MESSAGES, type CartService, createCartService } from './cart.service';
import { createCheckoutService, type Placed } from './checkout.service';
import { unpaidPendingOrders } from './commerce.repository';
import { readSetting } from '../settings';
import { translations } from '../i18n';
import { commerceContext } from './context';
import { once, parseKey, purgeKeys, requestHash } from './idempotency';
import { createOrdersService } from './orders.service';
import { orderSummary } from './orders.view';
import { createPaymentsService, GatewayError, stripeGateway, thawaniGateway } from './payments';
import { createVouchersService } from './vouchers.service';

/** A path id that is not a positive whole number names no order: 404, like another shop's. */
const idParams = z.object({ id: z.string() });
const pathId = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound('Order not found.');
  return Number(raw);
};

export const ACCOUNT_NOT_VERIFIED = 'Please verify your account before placing an order: we have sent you a verification code.';

/** Cart, vouchers, checkout, orders and the seller's orders (issue 16, decision 018). */
export async function commerceRoutes(app: FastifyInstance) {
  const ctx = commerceContext(app);
  const cart = createCartService(ctx);
  const vouchers = createVouchersService(ctx);
  const gateways = [thawaniGateway(app.config.payments), stripeGateway(app.config.payments, app.config.now)];
  const payments = createPaymentsService(ctx, gateways, {
    publicUrl: app.config.publicUrl,
    unpaidTimeoutMin: app.config.payments.unpaidTimeoutMin,
    log: app.log,
  });
  const checkout = createCheckoutService(ctx, (name) => payments.gateway(name)?.configured === true);
  const orders = createOrdersService(ctx);
  const accounts = createAccountsContext(app);
  const otp = createOtpService(accounts);
  const tags = ['commerce'];
  let lastPurge = 0;

  route(
    app,
    {
      method: 'GET',
      url: '/api/carts',
      summary: "The customer's cart grouped by shop (or the buy-now line), as it can be bought now",
      tags,
      auth: 'user',
      query: cartQuery,
      response: cartResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: await cart.answer(auth.id, query.is_buy_now, req.locale) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/cart/store',
      summary: 'Add a product (with its colour and size) to the cart, or make it the buy-now line',
      tags,
      auth: 'user',
      body: cartStoreBody,
      response: cartResponseSchema,
    },
    async ({ auth, body, req }) => ({ message: CART_MESSAGES.added, data: await cart.store(auth.id, body, req.locale) }),
  );

  /** Increment, decrement and delete: each changes one cart line and answers the cart with its message. */
  const lineCalls: Array<{ url: string; summary: string; change: CartService['increment'] }> = [
    { url: '/api/cart/increment', summary: 'One more of a cart line', change: cart.increment },
    { url: '/api/cart/decrement', summary: 'One less of a cart line (at one, the line is removed)', change: cart.decrement },
    { url: '/api/cart/delete', summary: 'Remove a cart line', change: cart.remove },
  ];
  for (const call of lineCalls) {
    route(
      app,
      {
        method: 'POST',
        url: call.url,
        summary: call.summary,
        tags,
        auth: 'user',
        body: cartLineBody,
        response: cartResponseSchema,
      },
      async ({ auth, body, req }) => call.change(auth.id, body, req.locale),
    );
  }

  route(
    app,
    {
      method: 'POST',
      url: '/api/cart/checkout',
      summary: "The selected shops' amounts: items, delivery, vouchers (collected ones apply by themselves), VAT",
      tags,
      auth: 'user',
      body: checkoutBody,
      response: checkoutResponseSchema,
    },
    async ({ auth, body, req }) => {
      const data = await checkout.checkout(auth.id, body, req.locale, cart.load);
      // The original web client shows this message (issue 42); in the request's language.
      const said = translations[req.locale][data.apply_coupon ? 'cart.checkout_coupon_applied' : 'cart.checkout_information'];
      return { message: said, data };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/get-vouchers',
      summary: "A shop's vouchers that can be collected now",
      tags,
      auth: 'user',
      query: vouchersQuery,
      response: vouchersResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: { coupons: await vouchers.list(auth.id, query.shop_id, req.locale) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/vouchers-collect',
      summary: 'Collect a voucher (409 when already collected)',
      tags,
      auth: 'user',
      body: collectVoucherBody,
    },
    async ({ auth, body }) => {
      await vouchers.collect(auth.id, body.coupon_id);
      return { message: 'Voucher collected successfully.' };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/get-collected-vouchers',
      summary: "The customer's collected vouchers (of one shop, or all)",
      tags,
      auth: 'user',
      query: collectedVouchersQuery,
      response: vouchersResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: { coupons: await vouchers.collected(auth.id, query.shop_id, req.locale) } }),
  );

  /** With order_place_account_verify on, an unverified customer gets 422 and a code to verify first. */
  async function requireVerified(userId: number, ip: string) {
    if ((await readSetting(app.db, 'order_place_account_verify')) !== true) return;
    const user = await findUserById(app.db, userId);
    if (!user || user.phone_verified_at || user.email_verified_at) return;
    const viaEmail = (await readSetting(app.db, 'register_otp_type')) === 'email' ? !!user.email : !user.phone;
    const login = viaEmail ? user.email : user.phone;
    if (login) {
      try {
        await otp.send(await otp.resolve(login, user.phone_code), ip, user.id);
      } catch (error) {
        // A code sent a moment ago is still valid: the customer types that one.
        if (!(error instanceof TooManyRequestsError)) throw error;
      }
    }
    throw validationError({ account: [ACCOUNT_NOT_VERIFIED] });
  }

  route(
    app,
    {
      method: 'POST',
      url: '/api/place-order',
      summary:
        'Place one order per selected shop (cash or bank transfer); an Idempotency-Key header replays the first answer for 24 h',
      tags,
      auth: 'user',
      body: placeOrderBody,
      response: placeOrderResponseSchema,
    },
    async ({ auth, body, req, reply }) => {
      const key = parseKey(req.headers['idempotency-key']);
      return placeOnce(
        {
          userId: auth.id,
          key,
          hash: ['place-order', body],
          req,
          reply,
          paymentMethod: body.payment_method,
          withdrawToCart: true,
        },
        () => checkout.place(auth.id, body, req.locale),
        (placed, url) => ({
          message: url ? 'Order placed: please complete the payment.' : 'Order placed successfully.',
          data: { ...placed.answer, order_payment_url: url },
        }),
      );
    },
  );

  /**
   * Places orders the way POST /place-order does, for it and for Order again (issue 42): an account
   * verified when the settings ask it; counted for /metrics; an online payment's page asked of its gateway
   * (no page: the orders are withdrawn, stock and vouchers back, and `withdrawToCart` puts their items back
   * in the cart); with an Idempotency-Key, the first answer replayed for 24 h.
   */
  async function placeOnce<P extends Placed, T>(
    call: {
      userId: number;
      key: string | null;
      hash: unknown;
      req: FastifyRequest;
      reply: FastifyReply;
      paymentMethod: string;
      withdrawToCart: boolean;
    },
    place: () => Promise<P>,
    answerOf: (placed: P, url: string | null) => T,
  ): Promise<T> {
    const { userId, key, req } = call;
    const run = async () => {
      await requireVerified(userId, req.ip);
      const placed = await place();
      // Committed: counted for /metrics (souq_orders_placed_total), one per shop's order.
      app.metrics.ordersPlaced.inc({ payment_method: call.paymentMethod }, placed.answer.orders.length);
      if (!payments.gateway(call.paymentMethod)) return answerOf(placed, null);
      try {
        const url = await payments.start(
          call.paymentMethod,
          userId,
          placed.checkoutRef,
          placed.amount,
          placed.answer.orders.map((o) => o.order_code),
        );
        return answerOf(placed, url);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        // No payment page: the orders are withdrawn (stock and vouchers back) and the customer may retry.
        req.log.warn({ err: error }, 'payment session failed');
        for (const o of placed.answer.orders) {
          await orders.move({ userId }, o.id, 'Cancelled', 'system');
          if (call.withdrawToCart) await cart.orderAgain(userId, o.id, req.locale);
        }
        throw new HttpError(503, 'The payment service is not answering. Your order was not placed; please try again.');
      }
    };
    if (!key) return run();
    // Keys past their replay window are forgotten (at most once an hour per process).
    if (ctx.now().getTime() - lastPurge > 3600_000) {
      lastPurge = ctx.now().getTime();
      await purgeKeys(app.db, ctx.now());
    }
    const { replayed, answer } = await once(app.db, userId, key, requestHash(call.hash), ctx.now, run);
    if (replayed) call.reply.header('idempotent-replayed', 'true');
    return answer;
  }

  route(
    app,
    {
      method: 'GET',
      url: '/api/orders',
      summary: "The customer's orders, newest first, with counts by status",
      tags,
      auth: 'user',
      query: ordersQuery,
      response: ordersResponseSchema,
    },
    async ({ auth, query }) => ({ data: await orders.list({ userId: auth.id }, query) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/order-details',
      summary: 'One order of the customer: items, amounts, taxes, voucher, address, payment, status history',
      tags,
      auth: 'user',
      query: orderDetailsQuery,
      response: customerOrderResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: { order: await orders.customerDetail(auth.id, query.order_id, req.locale) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/orders/cancel',
      summary: 'Cancel a pending order (stock and voucher use given back)',
      tags,
      auth: 'user',
      body: orderIdBody,
      response: customerOrderResponseSchema,
    },
    async ({ auth, body, req }) => {
      await orders.move({ userId: auth.id }, body.order_id, 'Cancelled', 'customer', req.locale);
      return {
        message: 'Order cancelled successfully.',
        data: { order: await orders.customerDetail(auth.id, body.order_id, req.locale) },
      };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/place-order/again',
      summary:
        "Order again. Without payment_method: put the order's items back in the cart as far as they can be bought now (info names the others), answered as the cart. With it: place the order again at once, as place-order does (an Idempotency-Key header replays the first answer for 24 h)",
      tags,
      auth: 'user',
      body: orderAgainBody,
      response: orderAgainResponseSchema,
    },
    async ({ auth, body, req, reply }) => {
      const method = body.payment_method;
      if (method === null) {
        const missed = await cart.orderAgain(auth.id, body.order_id, req.locale);
        return { message: CART_MESSAGES.added, data: await cart.answer(auth.id, false, req.locale, missed) };
      }
      const key = parseKey(req.headers['idempotency-key']);
      return placeOnce(
        { userId: auth.id, key, hash: ['place-order-again', body], req, reply, paymentMethod: method, withdrawToCart: false },
        () => checkout.placeAgain(auth.id, body.order_id, method, req.locale),
        (placed, url) => ({
          // Lines left out or reduced are named in the message too: the original client shows only that.
          message: [url ? 'Order placed: please complete the payment.' : 'Order placed successfully.', placed.info]
            .filter(Boolean)
            .join(' '),
          data: { order_payment_url: url, order: placed.answer.orders[0]!, orders: placed.answer.orders, info: placed.info },
        }),
      );
    },
  );

  // --- Online payment ------------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/payment/status',
      summary: "A placement's online payment (asked of the gateway while pending) and its orders",
      tags,
      auth: 'user',
      query: paymentStatusQuery,
      response: paymentStatusResponseSchema,
    },
    async ({ auth, query }) => {
      const { payment_status, orders: rows, expires_at } = await payments.status(auth.id, query.session_id);
      return { data: { payment_status, orders: rows.map(orderSummary), expires_at } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/payment/retry',
      summary: 'Pay now: the gateway page where an unpaid online order can still be paid (same amount and deadline)',
      tags,
      auth: 'user',
      body: orderIdBody,
      response: payAgainResponseSchema,
    },
    async ({ auth, body }) => ({
      message: 'Please complete the payment.',
      data: { order_payment_url: await payments.payAgain(auth.id, body.order_id) },
    }),
  );

  // The webhook needs the raw body to check the signature: its own JSON parser, in its own scope.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    route(
      raw,
      {
        method: 'POST',
        url: '/api/payment/:gateway/webhook',
        summary: "A gateway's signed notice that a payment changed (idempotent)",
        tags,
        params: z.object({ gateway: z.string().max(30) }),
      },
      async ({ params, req }) => {
        await payments.webhook(params.gateway, typeof req.body === 'string' ? req.body : '', req.headers);
        return { message: 'OK' };
      },
    );
  });

  /** Cancels online orders left unpaid past UNPAID_ORDER_TIMEOUT_MIN (stock and vouchers back). */
  let closing = false;
  async function releaseUnpaid() {
    for (const ref of await payments.expired(app.config.payments.unpaidTimeoutMin)) {
      const rows = await unpaidPendingOrders(app.db, ref);
      // Stopping (decision 044): the order being cancelled finishes; the others wait for the next process.
      for (const o of rows) if (!closing) await orders.move({ userId: o.user_id }, o.id, 'Cancelled', 'system');
    }
  }
  // Shared through the root's services object (this plugin's own decorations stay inside it).
  app.services.commerce = { releaseUnpaidOrders: releaseUnpaid };
  let sweeping: Promise<void> | null = null;
  const sweep = setInterval(() => {
    sweeping ??= releaseUnpaid()
      .catch((error: unknown) => app.log.warn({ err: error }, 'releasing unpaid orders failed'))
      .finally(() => (sweeping = null));
  }, 60_000);
  sweep.unref();
  // A sweep under way ends its transaction before the database is closed.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(sweep);
    await sweeping;
  });

  // --- Seller side --------------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/orders',
      summary: "The seller's shop's orders, newest first, with counts by status",
      tags: ['seller'],
      auth: 'seller',
      query: sellerOrdersQuery,
      response: ordersResponseSchema,
    },
    async ({ auth, query }) => ({ data: await orders.list({ shopId: auth.shopId }, query) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/orders/:id',
      summary: "One order of the seller's shop",
      tags: ['seller'],
      auth: 'seller',
      params: idParams,
      response: orderResponseSchema,
    },
    async ({ auth, params, req }) => ({
      data: { order: await orders.detail({ shopId: auth.shopId }, pathId(params.id), req.locale) },
    }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/orders/:id/status',
      summary: 'Move an order to the next status, or cancel it before Pickup (stock and voucher use given back)',
      tags: ['seller'],
      auth: 'seller',
      params: idParams,
      body: sellerOrderStatusBody,
      response: orderResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const id = pathId(params.id);
      await orders.move({ shopId: auth.shopId }, id, orderStatusOf(body.order_status), 'seller');
      return { message: 'Order status updated.', data: { order: await orders.detail({ shopId: auth.shopId }, id, req.locale) } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/orders/:id/payment',
      summary: "Record a bank-transfer order's payment as received (Unpaid → Paid, once)",
      tags: ['seller'],
      auth: 'seller',
      params: idParams,
      body: sellerOrderPaymentBody,
      response: orderResponseSchema,
    },
    async ({ auth, params, req }) => {
      const id = pathId(params.id);
      await orders.markTransferPaid({ shopId: auth.shopId }, id);
      return { message: 'Payment recorded.', data: { order: await orders.detail({ shopId: auth.shopId }, id, req.locale) } };
    },
  );
}

// The operator console's orders (modules/admin-orders) read an order as the customer and the seller do.
export { createOrdersService } from './orders.service';
export { requestHash } from './idempotency';
