import type { Cart, CartProduct, CartShop, cartLineBody, cartStoreBody, Locale } from '@souq/contracts';
import type { z } from 'zod';
import type { DbOrTrx } from '../../db';
import { notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { omr, pricing } from '../catalog';
import * as repo from './commerce.repository';
import { type CommerceContext, isOnline } from './context';
import { linePrice } from './pricing';

export const CART_MESSAGES = {
  added: 'product added to cart',
  increased: 'product quantity increased',
  decreased: 'product quantity decreased',
  removed: 'product removed from cart',
} as const;

/** A cart line priced from the current catalogue (baisa). */
export interface PricedLine {
  row: repo.CartLineRow;
  product: repo.SaleProduct;
  /** One unit's price to pay and regular price, with extras. */
  unit: number;
  regular: number;
}

/** What is wrong with a line now: gone, out of stock, or more than the stock (reduce to `stock`). */
type Problem = { kind: 'unavailable' } | { kind: 'out_of_stock' } | { kind: 'reduce'; stock: number };

export function lineProblem(row: repo.CartLineRow, p: repo.SaleProduct | undefined): Problem | null {
  if (!p || !p.available) return { kind: 'unavailable' };
  if (row.color_id && !p.colors.has(row.color_id)) return { kind: 'unavailable' };
  if (row.size_id && !p.sizes.has(row.size_id)) return { kind: 'unavailable' };
  if (p.quantity <= 0) return { kind: 'out_of_stock' };
  if (row.quantity > p.quantity) return { kind: 'reduce', stock: p.quantity };
  return null;
}

export function problemText(name: string, problem: Problem): string {
  if (problem.kind === 'unavailable') return `${name} is no longer available and was removed.`;
  if (problem.kind === 'out_of_stock') return `${name} is out of stock and was removed.`;
  return `Only ${problem.stock} of ${name} ${problem.stock === 1 ? 'is' : 'are'} left: the quantity was reduced.`;
}

export const priceLine = (row: repo.CartLineRow, product: repo.SaleProduct): PricedLine => ({
  row,
  product,
  ...linePrice(product, product.flash, {
    color: row.color_id ? (product.colors.get(row.color_id)?.extra ?? 0) : 0,
    size: row.size_id ? (product.sizes.get(row.size_id)?.extra ?? 0) : 0,
  }),
});

/** The answer's product of a priced line. */
export function cartProduct(l: PricedLine, locale: Locale): CartProduct {
  const p = l.product;
  const color = l.row.color_id ? p.colors.get(l.row.color_id) : undefined;
  const size = l.row.size_id ? p.sizes.get(l.row.size_id) : undefined;
  const shown = pricing(l.regular, l.unit, undefined);
  return {
    id: p.id,
    name: localized(p.name, p.name_ar, locale),
    thumbnail: p.thumbnail,
    brand: p.brand ? localized(p.brand, p.brand_ar, locale) : null,
    price: shown.price,
    discount_price: shown.discount_price,
    discount_percentage: shown.discount_percentage,
    quantity: l.row.quantity,
    stock: p.quantity,
    size: size ? { id: size.id, name: size.name, price: omr(size.extra) } : null,
    color: color
      ? {
          id: color.id,
          name: localized(color.name, color.name_ar, locale),
          color_code: color.color_code,
          price: omr(color.extra),
        }
      : null,
    unit: p.unit_id ? { id: p.unit_id, name: localized(p.unit_name!, p.unit_name_ar, locale) } : null,
  };
}

/** Lines grouped by shop, shops in the order their first line was added. */
export function groupByShop(lines: PricedLine[], locale: Locale, now: Date): Array<CartShop & { lines: PricedLine[] }> {
  const shops = new Map<number, CartShop & { lines: PricedLine[] }>();
  for (const l of lines) {
    const p = l.product;
    let shop = shops.get(p.shop_id);
    if (!shop) {
      shop = {
        shop_id: p.shop_id,
        shop_name: localized(p.shop_name, p.shop_name_ar, locale),
        shop_logo: p.shop_logo,
        shop_rating: p.shop_rating,
        shop_online: isOnline(p.shop_last_online, now),
        products: [],
        lines: [],
      };
      shops.set(p.shop_id, shop);
    }
    shop.products.push(cartProduct(l, locale));
    shop.lines.push(l);
  }
  return [...shops.values()];
}

export function createCartService(ctx: CommerceContext) {
  const { db } = ctx;

  /** The customer's cart (or buy-now) lines and their products as they are now, plus `extraIds`' products. */
  const read = (q: DbOrTrx, userId: number, isBuyNow: boolean, extraIds: number[] = []) =>
    repo.cartWithProducts(q, ctx.dialect, userId, isBuyNow, extraIds, ctx.now().toISOString());

  /**
   * Lines as they can be bought now: lines whose product, colour or size is gone, or whose stock ran
   * out, are removed; lines above the stock are reduced. `info` says which.
   */
  async function settle(q: DbOrTrx, rows: repo.CartLineRow[], products: Map<number, repo.SaleProduct>, locale: Locale) {
    const now = ctx.now();
    const notes: string[] = [];
    const drop: number[] = [];
    const lines: PricedLine[] = [];
    for (const row of rows) {
      const p = products.get(row.product_id);
      const problem = lineProblem(row, p);
      if (problem) notes.push(problemText(p ? localized(p.name, p.name_ar, locale) : 'A product', problem));
      if (problem?.kind === 'reduce') {
        await repo.setLineQuantity(q, row.id, problem.stock, now.toISOString());
        lines.push(priceLine({ ...row, quantity: problem.stock }, p!));
      } else if (problem) drop.push(row.id);
      else lines.push(priceLine(row, p!));
    }
    await repo.deleteLines(q, drop);
    return { lines, info: notes.length ? notes.join(' ') : null };
  }

  /** The customer's cart (or buy-now line) as it can be bought now (settle). */
  async function load(userId: number, isBuyNow: boolean, locale: Locale, q: DbOrTrx = db) {
    const { rows, products } = await read(q, userId, isBuyNow);
    return settle(q, rows, products, locale);
  }

  async function answerOf(
    rows: repo.CartLineRow[],
    products: Map<number, repo.SaleProduct>,
    locale: Locale,
    extraInfo: string[] = [],
  ): Promise<Cart> {
    const { lines, info } = await settle(db, rows, products, locale);
    const notes = [...extraInfo, ...(info ? [info] : [])];
    return {
      total: lines.length,
      cart_items: groupByShop(lines, locale, ctx.now()).map(({ lines: _l, ...shop }) => shop),
      info: notes.length ? notes.join(' ') : null,
    };
  }

  async function answer(userId: number, isBuyNow: boolean, locale: Locale, extraInfo: string[] = []): Promise<Cart> {
    const { rows, products } = await read(db, userId, isBuyNow);
    return answerOf(rows, products, locale, extraInfo);
  }

  /** Checks a product, colour and size for the cart; answers the product. */
  function checkChoice(p: repo.SaleProduct | undefined, colorId: number | null, sizeId: number | null) {
    if (!p || !p.available) throw validationError({ product_id: ['This product is not available.'] });
    if (colorId !== null && !p.colors.has(colorId))
      throw validationError({ color: ['The selected color is not offered for this product.'] });
    if (sizeId !== null && !p.sizes.has(sizeId))
      throw validationError({ size: ['The selected size is not offered for this product.'] });
    if (colorId === null && p.colors.size > 0) throw validationError({ color: ['Please choose a color.'] });
    if (sizeId === null && p.sizes.size > 0) throw validationError({ size: ['Please choose a size.'] });
    if (p.quantity <= 0) throw validationError({ quantity: ['This product is out of stock.'] });
    return p;
  }

  const overStock = (stock: number) =>
    validationError({ quantity: [`Only ${stock} ${stock === 1 ? 'item is' : 'items are'} left in stock.`] });

  /**
   * Adds to the cart (or makes the buy-now line) and answers the cart: the lines as read before the
   * write, with the written line as the database returned it (so two adds at once both count).
   */
  async function store(userId: number, body: z.output<typeof cartStoreBody>, locale: Locale): Promise<Cart> {
    const { rows, products } = await read(db, userId, body.is_buy_now, [body.product_id]);
    const p = checkChoice(products.get(body.product_id), body.color, body.size);
    const now = ctx.now().toISOString();
    const line = {
      user_id: userId,
      product_id: p.id,
      shop_id: p.shop_id,
      color_id: body.color ?? 0,
      size_id: body.size ?? 0,
      is_buy_now: body.is_buy_now ? 1 : 0,
    };
    if (body.is_buy_now) {
      // Buy now holds one product: it replaces whatever was there, and never touches the cart.
      if (body.quantity > p.quantity) throw overStock(p.quantity);
      const written = await ctx.cartDb.transaction().execute(async (trx) => {
        await repo.clearBuyNow(trx, userId);
        return (await repo.addToLine(trx, line, body.quantity, now))!;
      });
      return answerOf([written], products, locale);
    }
    const existing = rows.find((r) => r.product_id === p.id && r.color_id === line.color_id && r.size_id === line.size_id);
    if ((existing?.quantity ?? 0) + body.quantity > p.quantity) throw overStock(p.quantity);
    // Within the stock as the line is when written (adds at once cannot pass it together).
    const written = await repo.addToLine(ctx.cartDb, line, body.quantity, now, p.quantity);
    if (!written) throw overStock(p.quantity);
    return answerOf(existing ? rows.map((r) => (r.id === written.id ? written : r)) : [...rows, written], products, locale);
  }

  /** The cart line a request names (decision 018): by product, and by colour and size when it has several. */
  function findLine(rows: repo.CartLineRow[], body: z.output<typeof cartLineBody>) {
    const lines = rows.filter(
      (r) =>
        r.product_id === body.product_id &&
        (body.color === null || r.color_id === body.color) &&
        (body.size === null || r.size_id === body.size),
    );
    if (lines.length === 0) throw notFound('This product is not in your cart.');
    if (lines.length > 1)
      throw validationError({
        product_id: ['This product is in your cart in several colors or sizes: name the color and size.'],
      });
    return lines[0]!;
  }

  /**
   * Changes the line a request names and answers the cart with that line as written. `change` answers
   * how: `remove` it, or move it by `delta` units (one statement on the quantity as it is then, so changes
   * made at once all count) within 1…`max` when given: a decrement of a line at one unit removes it, an
   * increment past `max` (the stock) is refused.
   */
  async function changeLine(
    userId: number,
    body: z.output<typeof cartLineBody>,
    locale: Locale,
    change: (
      line: repo.CartLineRow,
      product: repo.SaleProduct | undefined,
    ) => { remove: true; message: string } | { delta: 1 | -1; max?: number; message: string },
  ): Promise<{ message: string; data: Cart }> {
    const { rows, products } = await read(db, userId, body.is_buy_now);
    const line = findLine(rows, body);
    const how = change(line, products.get(line.product_id));
    const answerWith = async (written: repo.CartLineRow | null, message: string) => ({
      message,
      data: await answerOf(
        written ? rows.map((r) => (r === line ? written : r)) : rows.filter((r) => r !== line),
        products,
        locale,
      ),
    });
    if ('remove' in how) {
      await repo.deleteLines(ctx.cartDb, [line.id]);
      return answerWith(null, how.message);
    }
    const now = ctx.now().toISOString();
    // Not written: the line is gone, or at one unit (a decrement: it goes, unless raised meanwhile — then
    // again), or at `max` (an increment).
    for (let tries = 0; tries < 3; tries++) {
      const written = await repo.shiftLineQuantity(ctx.cartDb, line.id, how.delta, now, how.max);
      if (written) return answerWith(written, how.message);
      if (how.delta > 0) break;
      if (await repo.deleteLastUnit(ctx.cartDb, line.id)) return answerWith(null, CART_MESSAGES.removed);
    }
    if (how.max !== undefined && (await repo.lineQuantity(db, line.id)) !== undefined) throw overStock(how.max);
    throw notFound('This product is not in your cart.');
  }

  const increment = (userId: number, body: z.output<typeof cartLineBody>, locale: Locale) =>
    changeLine(userId, body, locale, (line, p) => {
      if (!p || !p.available) throw validationError({ product_id: ['This product is not available.'] });
      if (line.quantity + 1 > p.quantity) throw overStock(p.quantity);
      return { delta: 1, max: p.quantity, message: CART_MESSAGES.increased };
    });

  /** One less; at one the line goes. */
  const decrement = (userId: number, body: z.output<typeof cartLineBody>, locale: Locale) =>
    changeLine(userId, body, locale, (line) =>
      line.quantity <= 1 ? { remove: true, message: CART_MESSAGES.removed } : { delta: -1, message: CART_MESSAGES.decreased },
    );

  const remove = (userId: number, body: z.output<typeof cartLineBody>, locale: Locale) =>
    changeLine(userId, body, locale, () => ({ remove: true, message: CART_MESSAGES.removed }));

  /**
   * Puts an order's items back in the cart as far as they can be bought now (quantity capped by the
   * stock); answers what could not be put back.
   */
  async function orderAgain(userId: number, orderId: number, locale: Locale): Promise<string[]> {
    const order = await repo.findOrder(db, orderId, { userId });
    if (!order) throw notFound('Order not found.');
    const items = await repo.orderItems(db, [order.id]);
    const nowIso = ctx.now().toISOString();
    const products = await repo.saleProducts(
      db,
      ctx.dialect,
      items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])),
      nowIso,
    );
    const cart = await repo.cartLines(db, userId, false);
    const missed: string[] = [];
    for (const i of items) {
      const p = i.product_id === null ? undefined : products.get(i.product_id);
      const name = localized(i.name, i.name_ar, locale);
      const line = { color_id: i.color_id ?? 0, size_id: i.size_id ?? 0 };
      if (!p || !p.available || (line.color_id && !p.colors.has(line.color_id)) || (line.size_id && !p.sizes.has(line.size_id))) {
        missed.push(`${name} is no longer available.`);
        continue;
      }
      const inCart =
        cart.find((r) => r.product_id === p.id && r.color_id === line.color_id && r.size_id === line.size_id)?.quantity ?? 0;
      const room = p.quantity - inCart;
      if (room <= 0) {
        missed.push(
          p.quantity <= 0 ? `${name} is out of stock.` : `${name} is already in your cart as many times as there is stock.`,
        );
        continue;
      }
      const quantity = Math.min(i.quantity, room);
      if (quantity < i.quantity) missed.push(`Only ${quantity} of ${name} could be added (stock).`);
      await repo.addToLine(
        db,
        { user_id: userId, product_id: p.id, shop_id: p.shop_id, is_buy_now: 0, ...line },
        quantity,
        nowIso,
      );
    }
    return missed;
  }

  return { load, answer, store, increment, decrement, remove, orderAgain };
}

export type CartService = ReturnType<typeof createCartService>;
