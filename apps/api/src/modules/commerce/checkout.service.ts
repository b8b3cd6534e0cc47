import { randomInt } from 'node:crypto';
import type { Amounts, Checkout, checkoutBody, Locale, PlaceOrderAnswer, placeOrderBody } from '@souq/contracts';
import type { z } from 'zod';
import type { DbOrTrx, Trx } from '../../db';
import { notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { findAddress, listAddresses, toAddress } from '../accounts';
import type { Notify } from '../notifications';
import { omr } from '../catalog';
import { readSetting } from '../settings';
import { type PricedLine, groupByShop, lineProblem, priceLine, problemText } from './cart.service';
import * as repo from './commerce.repository';
import type { CommerceContext } from './context';
import { orderSummary } from './orders.view';
import { type ShopAmounts, shopAmounts, sumAmounts, type TaxRate, voucherDiscount } from './pricing';
import { couponProblem } from './vouchers.service';

type ShopGroup = ReturnType<typeof groupByShop>[number];
type AddressRow = NonNullable<Awaited<ReturnType<typeof findAddress>>>;

/** A placement's answer, the reference its payment goes by, and the amount to pay (baisa). */
export interface Placed {
  answer: PlaceOrderAnswer;
  checkoutRef: string;
  amount: number;
}

/** The same JSON object, whatever the order of its keys. */
const sameJson = (a: object) => {
  const key = (o: object) => JSON.stringify(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  const k = key(a);
  return (b: object) => key(b) === k;
};

/**
 * What a typed voucher code that cannot be used does to a placement: `refuse` it with its rule (our
 * storefront, which showed the discounted amounts), or `ignore` it (the original web client's placement,
 * as its server did; issue 42, decision 024).
 */
export type TypedCodeRule = 'refuse' | 'ignore';

interface ShopPlan {
  group: ShopGroup;
  subtotal: number;
  coupon: repo.CouponRow | null;
  typed: boolean;
  amounts: ShopAmounts;
}

export function toAmounts(a: ShopAmounts): Amounts {
  return {
    total_amount: omr(a.total_amount),
    delivery_charge: omr(a.delivery_charge),
    coupon_discount: omr(a.coupon_discount),
    order_tax_amount: omr(a.order_tax_amount),
    payable_amount: omr(a.payable_amount),
    all_vat_taxes: a.taxes.map((t) => ({ id: t.id, name: t.name, percentage: t.rate_bp / 100, amount: omr(t.amount) })),
  };
}

const ORDER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const orderCode = () =>
  `SQ${Array.from({ length: 8 }, () => ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)]).join('')}`;

/** Payment methods this task supports without a gateway. */
const OFFLINE_METHODS: Record<string, string> = { cash: 'cash_on_delivery', bank: 'bank_transfer' };

/** An order paid through a gateway (not cash on delivery or bank transfer). */
export const isOnlinePayment = (method: string) => !Object.hasOwn(OFFLINE_METHODS, method);

export function createCheckoutService(ctx: CommerceContext, onlineGateways: (name: string) => boolean = () => false) {
  const { db } = ctx;

  async function taxesOf(q: DbOrTrx, locale: Locale): Promise<TaxRate[]> {
    return (await repo.activeTaxes(q)).map((t) => ({
      id: t.id,
      name: localized(t.name, t.name_ar, locale),
      rate_bp: t.rate_bp,
      names: { en: t.name, ar: t.name_ar },
    }));
  }

  /**
   * Amounts of the selected shops' lines, each shop with its voucher: the typed code when it is this
   * shop's, else the collected voucher that saves most. A typed code that cannot be used is refused with
   * its rule, or, with `typedCode: 'ignore'`, left aside as if none were typed (the original server's way).
   */
  async function plan(
    q: DbOrTrx,
    userId: number,
    lines: PricedLine[],
    shopIds: number[],
    couponCode: string | null,
    locale: Locale,
    typedCode: TypedCodeRule = 'refuse',
  ): Promise<ShopPlan[]> {
    const now = ctx.now();
    const iso = now.toISOString();
    const groups = groupByShop(lines, locale, now);
    const inCart = new Set(groups.map((g) => g.shop_id));
    const missing = shopIds.filter((id) => !inCart.has(id));
    if (missing.length)
      throw validationError({
        shop_ids: missing.map((id) => `The shop ${id} has nothing in your ${lines.length ? 'cart' : 'cart (it is empty)'}.`),
      });
    const selected = groups.filter((g) => shopIds.includes(g.shop_id));

    const refuse = typedCode === 'refuse';
    let typed = couponCode ? await repo.couponByCode(q, couponCode) : undefined;
    if (couponCode && !typed && refuse) throw validationError({ coupon_code: ['This voucher code is not valid.'] });
    const collected = await repo.collectedCoupons(q, userId, shopIds);
    const uses = await repo.usesBy(q, userId, [...collected.map((c) => c.id), ...(typed ? [typed.id] : [])]);
    const taxes = await taxesOf(q, locale);
    if (typed && !shopIds.includes(typed.shop_id)) {
      if (refuse) throw validationError({ coupon_code: [couponProblem(typed, iso) ?? 'This voucher belongs to another shop.'] });
      typed = undefined;
    }

    return selected.map((group) => {
      const subtotal = group.lines.reduce((s, l) => s + l.unit * l.row.quantity, 0);
      const use = (c: repo.CouponRow) => ({ shopIds, subtotal, usedByCustomer: uses.get(c.id) ?? 0 });
      let coupon: repo.CouponRow | null = null;
      let isTyped = false;
      const typedProblem = typed && typed.shop_id === group.shop_id ? couponProblem(typed, iso, use(typed)) : undefined;
      if (typedProblem && refuse) throw validationError({ coupon_code: [typedProblem] });
      if (typed && typedProblem === null) {
        coupon = typed;
        isTyped = true;
      } else {
        let best = 0;
        for (const c of collected) {
          if (c.shop_id !== group.shop_id || couponProblem(c, iso, use(c))) continue;
          const d = voucherDiscount(c, subtotal);
          if (d > best) [best, coupon] = [d, c];
        }
      }
      const p = group.lines[0]!.product;
      const discount = coupon ? voucherDiscount(coupon, subtotal) : 0;
      return { group, subtotal, coupon, typed: isTyped, amounts: shopAmounts(subtotal, p, discount, taxes) };
    });
  }

  function checkoutAnswer(plans: ShopPlan[]): Checkout {
    return {
      checkout: toAmounts(sumAmounts(plans.map((p) => p.amounts))),
      apply_coupon: plans.some((p) => p.coupon !== null),
      checkout_items: plans.map(({ group: { lines: _l, ...shop }, coupon, amounts }) => ({
        ...shop,
        amounts: toAmounts(amounts),
        coupon: coupon ? { id: coupon.id, code: coupon.code, discount: omr(amounts.coupon_discount) } : null,
      })),
    };
  }

  /** POST /cart/checkout: the selected shops' amounts from the cart as it can be bought now. */
  async function checkout(
    userId: number,
    body: z.output<typeof checkoutBody>,
    locale: Locale,
    load: (userId: number, isBuyNow: boolean, locale: Locale) => Promise<{ lines: PricedLine[] }>,
  ): Promise<Checkout> {
    // No shop selected (the original web client asks so whenever its basket opens): nothing to pay.
    if (body.shop_ids.length === 0) return checkoutAnswer([]);
    const { lines } = await load(userId, body.is_buy_now, locale);
    return checkoutAnswer(await plan(db, userId, lines, body.shop_ids, body.coupon_code, locale));
  }

  /** Refuses a payment method that settings do not offer, or that needs a gateway (not built yet). */
  async function checkPaymentMethod(method: string) {
    const flag = Object.hasOwn(OFFLINE_METHODS, method) ? OFFLINE_METHODS[method] : undefined;
    if (flag) {
      const on = await readSetting(db, flag);
      if (on === true || (on === undefined && method === 'cash')) return;
      throw validationError({ payment_method: ['This payment method is not available.'] });
    }
    // An online gateway: active in the settings, online payment on, and its keys configured here.
    const row = await repo.paymentGateway(db, method);
    if (row?.is_active === 1 && (await readSetting(db, 'online_payment')) === true && onlineGateways(method)) return;
    throw validationError({ payment_method: ['The selected payment method is invalid or not available.'] });
  }

  /**
   * Places one order per selected shop of the cart (or the buy-now line), atomically: prices recomputed
   * from the catalogue, stock taken by conditional updates (never below zero), voucher uses taken the same
   * way, the address copied, the shops' lines removed from the cart. Any refusal rolls everything back.
   */
  async function place(userId: number, body: z.output<typeof placeOrderBody>, locale: Locale): Promise<Placed> {
    await checkPaymentMethod(body.payment_method);
    const notify = await ctx.notify?.();
    return db.transaction().execute(async (trx) => {
      await repo.lockCustomer(trx, ctx.dialect, userId);
      const iso = ctx.now().toISOString();
      const address = await findAddress(trx, userId, body.address_id);
      if (!address) throw validationError({ address_id: ['The selected address was not found.'] });

      const cart = await repo.cartWithProducts(trx, ctx.dialect, userId, body.is_buy_now, [], iso);
      const rows = cart.rows.filter((r) => body.shop_ids.includes(r.shop_id));
      const { products } = cart;
      const problems: string[] = [];
      const lines: PricedLine[] = [];
      for (const row of rows) {
        const p = products.get(row.product_id);
        const problem = lineProblem(row, p);
        if (problem)
          problems.push(
            problemText(p ? localized(p.name, p.name_ar, locale) : 'A product', problem).replace(
              / and was removed| the quantity was reduced/,
              '',
            ),
          );
        else lines.push(priceLine(row, p!));
      }
      if (problems.length) throw validationError({ cart: [`Your cart has changed: ${problems.join(' ')} Please review it.`] });
      const placed = await commit(trx, userId, locale, notify, {
        lines,
        products,
        shopIds: body.shop_ids,
        address,
        paymentMethod: body.payment_method,
        couponCode: body.coupon_code,
        // A typed code that cannot be used: refused when the body asks so (our storefront), else left aside
        // as the original server did (issue 42, decision 024).
        typedCode: body.coupon_strict ? 'refuse' : 'ignore',
        note: body.note,
      });
      await repo.deleteLines(
        trx,
        lines.map((l) => l.row.id),
      );
      return placed;
    });
  }

  /**
   * Places an order again at once (the original web client's Order again, issue 42): the old order's lines
   * at today's prices, each as far as it can be bought now (a line whose product, colour or size is gone
   * or out of stock is left out, one above the stock is reduced to it; `info` says which), refused with 422
   * when none can; delivered to the old order's address while the customer still has it unchanged, else
   * to their default address (422 without one). The same checks, vouchers and stock rules as `place`; the
   * cart is not touched.
   */
  async function placeAgain(
    userId: number,
    orderId: number,
    paymentMethod: string,
    locale: Locale,
  ): Promise<Placed & { info: string | null }> {
    const old = await repo.findOrder(db, orderId, { userId });
    if (!old) throw notFound('Order not found.');
    await checkPaymentMethod(paymentMethod);
    const notify = await ctx.notify?.();
    return db.transaction().execute(async (trx) => {
      await repo.lockCustomer(trx, ctx.dialect, userId);
      const iso = ctx.now().toISOString();
      const address = await againAddress(trx, userId, old.address);
      if (!address)
        throw validationError({ address_id: ['Please add a delivery address to your account before ordering again.'] });

      const items = await repo.orderItems(trx, [old.id]);
      const products = await repo.saleProducts(
        trx,
        ctx.dialect,
        items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])),
        iso,
      );
      const notes: string[] = [];
      const lines: PricedLine[] = [];
      // Units of each product taken by the lines before (one product may be on several lines: colours, sizes).
      const taken = new Map<number, number>();
      for (const i of items) {
        const p = i.product_id === null ? undefined : products.get(i.product_id);
        // The old line as a cart line: what lineProblem and priceLine read (it is never written).
        const row: repo.CartLineRow = {
          id: i.id,
          user_id: userId,
          product_id: i.product_id ?? 0,
          shop_id: p?.shop_id ?? old.shop_id,
          color_id: i.color_id ?? 0,
          size_id: i.size_id ?? 0,
          quantity: i.quantity,
          is_buy_now: 0,
          created_at: iso,
          updated_at: iso,
        };
        const problem = lineProblem(row, p);
        const name = p ? localized(p.name, p.name_ar, locale) : localized(i.name, i.name_ar, locale);
        if (!p || (problem && problem.kind !== 'reduce')) {
          notes.push(problem?.kind === 'out_of_stock' ? `${name} is out of stock.` : `${name} is no longer available.`);
          continue;
        }
        const quantity = Math.min(i.quantity, p.quantity - (taken.get(p.id) ?? 0));
        if (quantity <= 0) {
          notes.push(`${name} is out of stock.`);
          continue;
        }
        if (quantity < i.quantity) notes.push(`Only ${quantity} of ${name} ${quantity === 1 ? 'was' : 'were'} ordered (stock).`);
        taken.set(p.id, (taken.get(p.id) ?? 0) + quantity);
        lines.push(priceLine({ ...row, quantity }, p));
      }
      if (lines.length === 0)
        throw validationError({
          order_id: [`None of this order's items can be ordered now: ${notes.join(' ')}`.trim()],
        });
      const placed = await commit(trx, userId, locale, notify, {
        lines,
        products,
        shopIds: [...new Set(lines.map((l) => l.product.shop_id))],
        address,
        paymentMethod,
        couponCode: null,
        typedCode: 'refuse',
        note: null,
      });
      return { ...placed, info: notes.length ? notes.join(' ') : null };
    });
  }

  /**
   * The customer's address an order placed again goes to: the one the old order was delivered to, when one
   * of theirs still reads exactly as the order's copy, else their default one (else their newest).
   */
  async function againAddress(trx: DbOrTrx, userId: number, snapshot: string) {
    const mine = await listAddresses(trx, userId);
    const copyOf = (a: (typeof mine)[number]) => (({ id: _id, is_default: _d, ...rest }) => rest)(toAddress(a));
    const was = sameJson(JSON.parse(snapshot) as object);
    return mine.find((a) => was(copyOf(a))) ?? mine[0];
  }

  /**
   * The placing itself, inside the caller's transaction, for lines that can be bought as they are: one
   * order per shop with its voucher, VAT, address copy and history; the customer told; the stock taken
   * last. Any refusal throws (the caller's transaction rolls back).
   */
  async function commit(
    trx: Trx,
    userId: number,
    locale: Locale,
    notify: Notify | undefined,
    input: {
      lines: PricedLine[];
      products: Map<number, repo.SaleProduct>;
      shopIds: number[];
      address: AddressRow;
      paymentMethod: string;
      couponCode: string | null;
      typedCode: TypedCodeRule;
      note: string | null;
    },
  ): Promise<Placed> {
    const { lines, products, address } = input;
    const now = ctx.now();
    const iso = now.toISOString();
    const plans = await plan(trx, userId, lines, input.shopIds, input.couponCode, locale, input.typedCode);
    for (const pl of plans) {
      const p = pl.group.lines[0]!.product;
      if (p.min_order_amount > 0 && pl.subtotal < p.min_order_amount)
        throw validationError({
          shop_ids: [`The minimum order at ${pl.group.shop_name} is ${omr(p.min_order_amount).toFixed(3)}.`],
        });
    }

    // Vouchers: one use each, if one is left. A collected voucher that ran out meanwhile is dropped
    // (the order is placed at the full price); a typed code that ran out is refused (or, when typed codes
    // that cannot be used are ignored, dropped the same way).
    const taxes = await taxesOf(trx, locale);
    for (const pl of [...plans].sort((a, b) => (a.coupon?.id ?? 0) - (b.coupon?.id ?? 0))) {
      if (!pl.coupon) continue;
      if (await repo.takeCouponUse(trx, pl.coupon.id, iso)) continue;
      if (pl.typed && input.typedCode === 'refuse') throw validationError({ coupon_code: ['This voucher has been used up.'] });
      pl.coupon = null;
      pl.amounts = shopAmounts(pl.subtotal, pl.group.lines[0]!.product, 0, taxes);
    }

    const snapshot = (({ id: _id, is_default: _d, ...rest }) => rest)(toAddress(address));
    // Digits only: it is also the gateway's client reference, which Thawani wants numeric (decision 023).
    const checkoutRef = `${now.getTime()}${String(userId).padStart(9, '0')}${String(randomInt(1e6)).padStart(6, '0')}`;
    const created = [];
    for (const pl of plans) {
      const a = pl.amounts;
      const order = await repo.insertOrder(trx, {
        order_code: orderCode(),
        user_id: userId,
        shop_id: pl.group.shop_id,
        checkout_ref: checkoutRef,
        coupon_id: pl.coupon?.id ?? null,
        coupon_code: pl.coupon?.code ?? null,
        quantity: pl.group.lines.reduce((s, l) => s + l.row.quantity, 0),
        total_amount: a.total_amount,
        delivery_charge: a.delivery_charge,
        coupon_discount: a.coupon_discount,
        tax_amount: a.order_tax_amount,
        payable_amount: a.payable_amount,
        payment_method: input.paymentMethod,
        payment_status: 'Unpaid',
        order_status: 'Pending',
        note: input.note,
        address: JSON.stringify(snapshot),
        paid_at: null,
        created_at: iso,
        updated_at: iso,
      });
      await repo.insertOrderItems(
        trx,
        pl.group.lines.map((l) => {
          const p = l.product;
          const color = l.row.color_id ? p.colors.get(l.row.color_id) : undefined;
          const size = l.row.size_id ? p.sizes.get(l.row.size_id) : undefined;
          return {
            order_id: order.id,
            product_id: p.id,
            name: p.name,
            name_ar: p.name_ar,
            thumbnail: p.thumbnail,
            brand: p.brand,
            brand_ar: p.brand_ar,
            unit_id: p.unit_id,
            unit_name: p.unit_name,
            unit_name_ar: p.unit_name_ar,
            color_id: color?.id ?? null,
            color_name: color?.name ?? null,
            color_name_ar: color?.name_ar ?? null,
            color_code: color?.color_code ?? null,
            color_price: color?.extra ?? 0,
            size_id: size?.id ?? null,
            size_name: size?.name ?? null,
            size_price: size?.extra ?? 0,
            regular_price: l.regular,
            unit_price: l.unit,
            quantity: l.row.quantity,
            line_total: l.unit * l.row.quantity,
          };
        }),
      );
      if (a.taxes.length)
        await repo.insertOrderTaxes(
          trx,
          a.taxes.map((t) => ({
            order_id: order.id,
            vat_tax_id: t.id,
            name: t.names?.en ?? t.name,
            name_ar: t.names?.ar ?? null,
            rate_bp: t.rate_bp,
            amount: t.amount,
          })),
        );
      await repo.addHistory(trx, order.id, 'Pending', 'customer', iso);
      if (pl.coupon) await repo.recordCouponUse(trx, pl.coupon.id, userId, order.id, iso);
      created.push(order);
    }
    // Told in the same transaction (decision 046); an online order is told once its payment is received
    // (none now: the customer's language is only remembered for then).
    if (notify)
      await notify(trx, { type: 'order.placed', userId, orders: isOnlinePayment(input.paymentMethod) ? [] : created, locale });
    // Stock last, product by product in id order (the same lock order for every request): a product's
    // row stays locked from here to the commit, so the work after it is kept short.
    const wanted = new Map<number, number>();
    for (const l of lines) wanted.set(l.product.id, (wanted.get(l.product.id) ?? 0) + l.row.quantity);
    for (const [productId, quantity] of [...wanted].sort((a, b) => a[0] - b[0])) {
      if (!(await repo.reserveStock(trx, productId, quantity))) {
        const left = await repo.stockOf(trx, productId);
        const p = products.get(productId)!;
        throw validationError({
          cart: [`Only ${Math.max(0, left?.quantity ?? 0)} of ${localized(p.name, p.name_ar, locale)} left in stock.`],
        });
      }
    }

    return {
      answer: { order_payment_url: null, orders: created.map(orderSummary) },
      checkoutRef,
      amount: created.reduce((sum, o) => sum + o.payable_amount, 0),
    };
  }

  return { checkout, place, placeAgain };
}
