import {
  formatDate,
  type CustomerOrderDetail,
  type Locale,
  type OrderDetail,
  type OrdersAnswer,
  orderStatusKeys,
  orderStatusOf,
  type OrderStatusKey,
  type StatusWiseOrders,
} from '@souq/contracts';
import type { OrderStatus } from '../../db/commerce-schema';
import { HttpError, notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { omr } from '../catalog';
import * as repo from './commerce.repository';
import type { CommerceContext } from './context';
import { orderSummary, placedAt } from './orders.view';
import { isOnlinePayment } from './checkout.service';
import { ownReview, reviewsOfOrder } from '../reviews';

/** The forward chain of an order; Cancelled is reached from the statuses before Pickup. */
export const STATUS_CHAIN: OrderStatus[] = ['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'];
const CANCELLABLE_BY_SELLER: OrderStatus[] = ['Pending', 'Confirm', 'Processing'];

export function allowedMove(from: OrderStatus, to: OrderStatus, by: 'customer' | 'seller' | 'system'): boolean {
  if (to === 'Cancelled') return by === 'seller' ? CANCELLABLE_BY_SELLER.includes(from) : from === 'Pending';
  if (by !== 'seller') return false;
  const i = STATUS_CHAIN.indexOf(from);
  return i >= 0 && STATUS_CHAIN[i + 1] === to;
}

/** An order whose payment went through a gateway and was received. */
const paidOnline = (o: { payment_status: string; payment_method: string }) =>
  o.payment_status === 'Paid' && isOnlinePayment(o.payment_method);

/** The payment's refund as the customer and the shop see it (the console has the details). */
function refundState(o: { order_status: string; payment_status: string; refund_status: string }): 'none' | 'due' | 'refunded' {
  if (o.refund_status === 'refunded') return 'refunded';
  return o.order_status === 'Cancelled' && o.payment_status === 'Paid' ? 'due' : 'none';
}

/**
 * The longest time a shop's estimated delivery text states, in whole days ("2-3 days" → 3, "1 week" → 7,
 * "24 hours" → 1; Arabic-Indic digits read too), or null when it states no number.
 */
export function deliveryDays(text: string | null | undefined): number | null {
  if (!text) return null;
  const western = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const numbers = (western.match(/\d{1,4}/g) ?? []).map(Number);
  if (numbers.length === 0) return null;
  const most = Math.max(...numbers);
  const days = /week|أسبوع|أسابيع/i.test(western) ? most * 7 : /hour|ساعة|ساعات/i.test(western) ? most / 24 : most;
  return days > 0 && days <= 366 ? Math.ceil(days) : null;
}

/**
 * `payment_method` of the customer's order in the original web client's words (issue 42): cash as the original
 * names it, bank transfer in ours (the original has no word for it that we know of); an online one is its
 * gateway's title.
 */
const PAYMENT_METHOD_WORDS = new Map([
  ['cash', 'Cash Payment'],
  ['bank', 'Bank Transfer'],
]);

export function createOrdersService(ctx: CommerceContext) {
  const { db } = ctx;

  async function list(
    scope: repo.OrderScope,
    query: { order_status?: OrderStatusKey; page: number; per_page: number },
  ): Promise<OrdersAnswer> {
    const status = query.order_status ? orderStatusOf(query.order_status) : undefined;
    const counts = await repo.statusCounts(db, scope);
    const wise = Object.fromEntries(orderStatusKeys.map((k) => [k, counts.get(orderStatusOf(k)) ?? 0])) as Omit<
      StatusWiseOrders,
      'all'
    >;
    const all = [...counts.values()].reduce((s, n) => s + n, 0);
    const rows = await repo.listOrders(db, scope, status, query.per_page, (query.page - 1) * query.per_page);
    return {
      total: status ? (counts.get(status) ?? 0) : all,
      status_wise_orders: { all, ...wise },
      orders: rows.map(orderSummary),
    };
  }

  async function build(scope: repo.OrderScope, id: number, locale: Locale): Promise<{ order: OrderDetail; methodWords: string }> {
    const o = await repo.findOrder(db, id, scope);
    if (!o) throw notFound('Order not found.');
    const online = isOnlinePayment(o.payment_method);
    const [items, taxes, history, shop, customer, reviews, gatewayTitle] = await Promise.all([
      repo.orderItems(db, [o.id]),
      repo.orderTaxes(db, o.id),
      repo.orderHistory(db, o.id),
      repo.shopBrief(db, o.shop_id),
      repo.customerBrief(db, o.user_id),
      o.order_status === 'Delivered' ? reviewsOfOrder(db, o.id) : new Map<number, never>(),
      online ? repo.paymentGatewayTitle(db, o.payment_method) : undefined,
    ]);
    const at = ctx.now();
    const days =
      o.order_status === 'Cancelled' ? null : deliveryDays(shop?.estimated_delivery_time ?? shop?.estimated_delivery_time_ar);
    const vatTaxes = taxes.map((t) => ({
      id: t.vat_tax_id ?? t.id,
      name: localized(t.name, t.name_ar, locale),
      percentage: t.rate_bp / 100,
      amount: omr(t.amount),
    }));
    const invoicePath = 'userId' in scope ? `/order-history/${o.id}/invoice` : `/seller/orders/${o.id}/invoice`;
    const order: OrderDetail = {
      ...orderSummary(o),
      shop: {
        id: o.shop_id,
        name: shop ? localized(shop.name, shop.name_ar, locale) : '',
        logo: shop?.logo ?? null,
        rating: Number(shop?.rating ?? 0),
        address: shop?.address ? localized(shop.address, shop.address_ar, locale) : null,
      },
      customer: {
        id: o.user_id,
        name: customer?.name ?? '',
        phone: customer?.phone ? `${customer.phone_code}${customer.phone}` : null,
      },
      products: items.map((i) => {
        const review = i.product_id !== null && reviews.has(i.product_id) ? ownReview(reviews.get(i.product_id)!, at) : null;
        const size = i.size_id ? { id: i.size_id, name: i.size_name ?? '', price: omr(i.size_price) } : null;
        const color = i.color_id
          ? {
              id: i.color_id,
              name: localized(i.color_name ?? '', i.color_name_ar, locale),
              color_code: i.color_code ?? '',
              price: omr(i.color_price),
            }
          : null;
        return {
          id: i.product_id,
          line_id: i.id,
          product_id: i.product_id,
          name: localized(i.name, i.name_ar, locale),
          thumbnail: i.thumbnail,
          brand: i.brand ? localized(i.brand, i.brand_ar, locale) : null,
          price: omr(i.regular_price),
          unit_price: omr(i.unit_price),
          quantity: i.quantity,
          total: omr(i.line_total),
          size: size?.name ?? null,
          color: color?.name ?? null,
          size_detail: size,
          color_detail: color,
          unit: i.unit_id ? { id: i.unit_id, name: localized(i.unit_name ?? '', i.unit_name_ar, locale) } : null,
          review,
          order_qty: i.quantity,
          discount_price: omr(i.unit_price),
          rating: review?.rating ?? null,
        };
      }),
      total_amount: omr(o.total_amount),
      delivery_charge: omr(o.delivery_charge),
      coupon_discount: omr(o.coupon_discount),
      order_tax_amount: omr(o.tax_amount),
      payable_amount: omr(o.payable_amount),
      taxes: vatTaxes,
      coupon: o.coupon_code ? { code: o.coupon_code, discount: omr(o.coupon_discount) } : null,
      note: o.note,
      paid_at: o.paid_at,
      status_history: history.map((h) => ({ status: h.status, created_at: h.created_at, placed_at: placedAt(h.created_at) })),
      can_cancel: o.order_status === 'Pending' && !paidOnline(o),
      refund_state: refundState(o),
      can_review: 'userId' in scope && o.order_status === 'Delivered',
      can_pay: 'userId' in scope && o.order_status === 'Pending' && o.payment_status === 'Unpaid' && online,
      tax_amount: omr(o.tax_amount),
      all_vat_taxes: vatTaxes,
      estimated_delivery_date:
        days === null ? null : formatDate(new Date(Date.parse(o.created_at) + days * 86_400_000).toISOString(), locale),
      invoice_url: `${ctx.publicUrl ?? ''}${invoicePath}`,
      payment_receipt_url: null,
      payment_state: o.payment_status,
      payment_method_code: o.payment_method,
    };
    return {
      order,
      methodWords: online ? (gatewayTitle ?? o.payment_method) : (PAYMENT_METHOD_WORDS.get(o.payment_method) ?? o.payment_method),
    };
  }

  /** The order as the seller centre and the console read it: ours in `payment_status` and `payment_method`. */
  async function detail(scope: repo.OrderScope, id: number, locale: Locale): Promise<OrderDetail> {
    return (await build(scope, id, locale)).order;
  }

  /**
   * The customer's order (`GET /order-details`, the cancel answer): `payment_status` and `payment_method` in
   * the original web client's words, which it prints (issue 42); ours stay in `payment_state` and
   * `payment_method_code`.
   */
  async function customerDetail(userId: number, id: number, locale: Locale): Promise<CustomerOrderDetail> {
    const { order, methodWords } = await build({ userId }, id, locale);
    return { ...order, payment_status: order.payment_state === 'Paid' ? 'Paid' : 'Pending', payment_method: methodWords };
  }

  /**
   * Moves an order to a new status if the rules allow it from its current one; the conditional update
   * makes two moves at once apply only one. Cancelling gives the stock and the voucher use back.
   */
  async function move(
    scope: repo.OrderScope,
    id: number,
    to: OrderStatus,
    by: 'customer' | 'seller' | 'system',
    locale?: Locale,
  ) {
    const notify = await ctx.notify?.();
    await db.transaction().execute(async (trx) => {
      const o = await repo.findOrder(trx, id, scope);
      if (!o) throw notFound('Order not found.');
      // Paid online, the customer's money is at the gateway: the shop or an operator cancels, and a
      // refund is then due (issue 41, finding 2).
      if (by === 'customer' && to === 'Cancelled' && paidOnline(o))
        throw validationError({
          order_status: ['This order is paid. Please ask the shop to cancel it; your payment will then be refunded.'],
        });
      if (!allowedMove(o.order_status, to, by)) {
        const why =
          by === 'customer'
            ? 'Only a pending order can be cancelled.'
            : to === 'Cancelled'
              ? 'An order can be cancelled only before it is picked up.'
              : `An order that is ${o.order_status} cannot be moved to ${to}.`;
        throw validationError({ order_status: [why] });
      }
      // An online order waits for its payment before the shop takes it on: unpaid, it is still the sweep's
      // to withdraw after the timeout (which only takes Pending orders back).
      if (to !== 'Cancelled' && o.payment_status === 'Unpaid' && isOnlinePayment(o.payment_method))
        throw validationError({ order_status: ['This order is waiting for its online payment.'] });
      const now = ctx.now().toISOString();
      const paid = to === 'Delivered' && o.payment_method === 'cash';
      if (!(await repo.moveOrder(trx, o.id, o.order_status, to, now, paid)))
        throw new HttpError(409, 'The order was changed meanwhile. Please reload it.');
      await repo.addHistory(trx, o.id, to, by, now);
      // The customer is told in the same transaction (decision 046); an online order withdrawn unpaid was
      // never announced (it is told once paid), so its withdrawal is not either.
      if (notify && !(by === 'system' && o.payment_status === 'Unpaid' && isOnlinePayment(o.payment_method)))
        await notify(trx, { type: 'order.status', order: o, status: to, locale: by === 'customer' ? locale : undefined });
      if (to === 'Cancelled') {
        const items = await repo.orderItems(trx, [o.id]);
        const back = new Map<number, number>();
        for (const i of items) if (i.product_id !== null) back.set(i.product_id, (back.get(i.product_id) ?? 0) + i.quantity);
        for (const [productId, quantity] of [...back].sort((a, b) => a[0] - b[0]))
          await repo.releaseStock(trx, productId, quantity);
        if (o.coupon_id !== null) await repo.releaseCouponUse(trx, o.id, o.coupon_id);
      }
    });
  }

  /**
   * The seller records the bank transfer of an order of their shop as received (decision 023). Only a
   * bank-transfer order, unpaid and not cancelled; the conditional update decides between two at once.
   */
  async function markTransferPaid(scope: repo.OrderScope, id: number) {
    const o = await repo.findOrder(db, id, scope);
    if (!o) throw notFound('Order not found.');
    if (o.payment_method !== 'bank')
      throw validationError({ payment_status: ['Only a bank-transfer order is marked paid by hand.'] });
    if (o.order_status === 'Cancelled') throw validationError({ payment_status: ['A cancelled order cannot be marked paid.'] });
    if (o.payment_status === 'Paid') throw new HttpError(409, 'This order is already paid.');
    if (!(await repo.markTransferPaid(db, o.id, ctx.now().toISOString())))
      throw new HttpError(409, 'The order was changed meanwhile. Please reload it.');
  }

  return { list, detail, customerDetail, move, markTransferPaid };
}
