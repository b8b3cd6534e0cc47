import {
  SELLER_VOUCHERS_PER_PAGE,
  toMinorUnits,
  type Locale,
  type SellerFlashSale,
  type SellerVoucher,
  type VoucherStatus,
  type sellerVoucherCreateBody,
  type sellerVoucherUpdateBody,
} from '@souq/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db';
import type { CouponsTable } from '../../db/catalogue-schema';
import { HttpError, notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { changesOf, recordAudit, type Actor } from '../audit';
import { omr } from '../catalog';
import * as repo from './seller-vouchers.repository';
import { isUniqueViolation } from '../../db/errors';

type CreateBody = z.output<typeof sellerVoucherCreateBody>;
type UpdateBody = z.output<typeof sellerVoucherUpdateBody>;

export interface SellerVouchersContext {
  db: Db;
  now: () => Date;
}


const CODE_TAKEN = 'This code is already in use. Choose another.';
const voucherNotFound = () => notFound('Voucher not found.');

export function voucherStatus(r: repo.VoucherRow, now: string): VoucherStatus {
  if (r.is_active !== 1) return 'inactive';
  if (r.expires_at && r.expires_at <= now) return 'expired';
  if (r.usage_limit !== null && r.used_count >= r.usage_limit) return 'used_up';
  if (r.starts_at && r.starts_at > now) return 'scheduled';
  return 'active';
}

export const toVoucher = (r: repo.VoucherRow, now: string): SellerVoucher => ({
  id: r.id,
  code: r.code,
  discount_type: r.discount_type === 'Percentage' ? 'Percentage' : 'Amount',
  discount: r.discount_type === 'Percentage' ? r.discount : omr(r.discount),
  min_order_amount: omr(r.min_order_amount),
  max_discount_amount: r.max_discount_amount === null ? null : omr(r.max_discount_amount),
  starts_at: r.starts_at,
  expires_at: r.expires_at,
  usage_limit: r.usage_limit,
  used_count: r.used_count,
  per_customer_limit: r.per_customer_limit,
  collected_count: r.collected_count,
  is_active: r.is_active === 1,
  status: voucherStatus(r, now),
  created_at: r.created_at,
});

/** What the audit log records of a voucher: its writable fields as the API shows them. */
const audited = (v: SellerVoucher | null): Record<string, unknown> =>
  v
    ? {
        code: v.code,
        discount_type: v.discount_type,
        discount: v.discount,
        min_order_amount: v.min_order_amount,
        max_discount_amount: v.max_discount_amount,
        starts_at: v.starts_at,
        expires_at: v.expires_at,
        usage_limit: v.usage_limit,
        per_customer_limit: v.per_customer_limit,
        is_active: v.is_active,
      }
    : {};
/**
 * The discount as stored for its type: a whole percent 1–100, or baisa above 0. `sent` is the amount
 * as the API takes it; null with the field error to answer.
 */
function storedDiscount(type: 'Percentage' | 'Amount', sent: number): { value: number } | { error: string } {
  if (type === 'Percentage') {
    if (!Number.isInteger(sent) || sent < 1 || sent > 100) return { error: 'A percentage discount must be a whole number from 1 to 100.' };
    return { value: sent };
  }
  if (sent <= 0) return { error: 'The discount field must be greater than 0.' };
  return { value: toMinorUnits(sent) };
}

export function createSellerVouchersService(ctx: SellerVouchersContext) {
  const { db } = ctx;

  async function list(shopId: number, q: { page?: number; per_page?: number }) {
    const perPage = q.per_page ?? SELLER_VOUCHERS_PER_PAGE;
    const page = q.page ?? 1;
    const { rows, total } = await repo.listVouchers(db, shopId, perPage, (page - 1) * perPage);
    const now = ctx.now().toISOString();
    return { total, vouchers: rows.map((r) => toVoucher(r, now)) };
  }

  async function get(shopId: number, id: number): Promise<SellerVoucher> {
    const row = await repo.voucherOf(db, shopId, id);
    if (!row) throw voucherNotFound();
    return toVoucher(row, ctx.now().toISOString());
  }

  /**
   * The stored values of a write, on the voucher as it would be after it (`before`: the row on update):
   * the rules that read two fields are checked here, each answered on its field.
   */
  async function storedValues(
    q: DbOrTrx,
    body: UpdateBody,
    before: repo.VoucherRow | null,
    now: string,
  ): Promise<Updateable<CouponsTable>> {
    const errors: Record<string, string[]> = {};
    const out: Updateable<CouponsTable> = {};
    const type = body.discount_type ?? before?.discount_type ?? 'Amount';
    if (body.discount_type !== undefined) out.discount_type = body.discount_type;
    if (body.discount !== undefined) {
      const d = storedDiscount(type, body.discount);
      if ('error' in d) errors.discount = [d.error];
      else out.discount = d.value;
    } else if (before && body.discount_type !== undefined && body.discount_type !== before.discount_type) {
      errors.discount = ['The discount field is required when the discount type changes.'];
    }
    if (body.code !== undefined) {
      if (before?.code.toUpperCase() !== body.code && (await repo.codeTaken(q, body.code, before?.id))) errors.code = [CODE_TAKEN];
      out.code = body.code;
    }
    if (body.min_order_amount !== undefined) out.min_order_amount = toMinorUnits(body.min_order_amount);
    if (body.max_discount_amount !== undefined)
      out.max_discount_amount = body.max_discount_amount === null ? null : toMinorUnits(body.max_discount_amount);
    if (body.starts_at !== undefined) out.starts_at = body.starts_at;
    if (body.expires_at !== undefined) out.expires_at = body.expires_at;
    if (body.starts_at !== undefined || body.expires_at !== undefined) {
      const starts = body.starts_at ?? before?.starts_at ?? null;
      const expires = body.expires_at ?? before?.expires_at ?? null;
      if (starts && expires && Date.parse(expires) <= Date.parse(starts))
        errors.expires_at = ['The voucher must end after it starts.'];
      else if (!before && expires && expires <= now) errors.expires_at = ['The end must be in the future.'];
    }
    if (body.usage_limit !== undefined) {
      if (before && body.usage_limit !== null && body.usage_limit < before.used_count)
        errors.usage_limit = [`The usage limit cannot be below the ${before.used_count} uses already made.`];
      out.usage_limit = body.usage_limit;
    }
    if (body.per_customer_limit !== undefined) out.per_customer_limit = body.per_customer_limit;
    if (body.is_active !== undefined) out.is_active = body.is_active ? 1 : 0;
    if (Object.keys(errors).length) throw validationError(errors);
    return out;
  }

  async function create(actor: Actor & { shopId: number }, body: CreateBody): Promise<SellerVoucher> {
    const at = ctx.now();
    const now = at.toISOString();
    const values = await storedValues(db, body, null, now);
    try {
      return await db.transaction().execute(async (trx) => {
        const { id } = await repo.insertVoucher(trx, {
          shop_id: actor.shopId,
          code: body.code,
          discount_type: body.discount_type,
          discount: values.discount as number,
          min_order_amount: values.min_order_amount ?? 0,
          max_discount_amount: values.max_discount_amount ?? null,
          starts_at: body.starts_at,
          expires_at: body.expires_at,
          usage_limit: values.usage_limit ?? null,
          used_count: 0,
          per_customer_limit: values.per_customer_limit ?? 1,
          is_active: values.is_active ?? 1,
          created_at: now,
        });
        const row = await repo.voucherOf(trx, actor.shopId, id);
        const voucher = toVoucher(row!, now);
        await recordAudit(trx, actor, { action: 'voucher.create', targetType: 'voucher', targetId: id, changes: changesOf({}, audited(voucher)) }, at);
        return voucher;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw validationError({ code: [CODE_TAKEN] });
      throw error;
    }
  }

  async function update(actor: Actor & { shopId: number }, id: number, body: UpdateBody): Promise<SellerVoucher> {
    const at = ctx.now();
    const now = at.toISOString();
    try {
      return await db.transaction().execute(async (trx) => {
        const before = await repo.voucherOf(trx, actor.shopId, id);
        if (!before) throw voucherNotFound();
        const values = await storedValues(trx, body, before, now);
        if (Object.keys(values).length) await repo.updateVoucher(trx, actor.shopId, id, values);
        const after = toVoucher((await repo.voucherOf(trx, actor.shopId, id))!, now);
        const changes = changesOf(audited(toVoucher(before, now)), audited(after));
        if (Object.keys(changes).length)
          await recordAudit(trx, actor, { action: 'voucher.update', targetType: 'voucher', targetId: id, changes }, at);
        return after;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw validationError({ code: [CODE_TAKEN] });
      throw error;
    }
  }

  /**
   * Deletes a voucher nobody has collected or used (null), or switches off one that was (the voucher,
   * kept for the orders and collections that name it).
   */
  async function remove(actor: Actor & { shopId: number }, id: number): Promise<SellerVoucher | null> {
    const at = ctx.now();
    const now = at.toISOString();
    return db.transaction().execute(async (trx) => {
      const before = await repo.voucherOf(trx, actor.shopId, id);
      if (!before) throw voucherNotFound();
      const shown = toVoucher(before, now);
      if (await repo.deleteUnusedVoucher(trx, actor.shopId, id)) {
        await recordAudit(
          trx,
          actor,
          { action: 'voucher.delete', targetType: 'voucher', targetId: id, changes: changesOf(audited(shown), {}, Object.keys(audited(shown))) },
          at,
        );
        return null;
      }
      if (before.is_active === 1) {
        await repo.updateVoucher(trx, actor.shopId, id, { is_active: 0 });
        await recordAudit(
          trx,
          actor,
          { action: 'voucher.deactivate', targetType: 'voucher', targetId: id, changes: { is_active: [true, false] } },
          at,
        );
      }
      return toVoucher((await repo.voucherOf(trx, actor.shopId, id))!, now);
    });
  }

  return { list, get, create, update, remove };
}

// --- Flash sales -------------------------------------------------------------------------------------------

const saleNotFound = () => notFound('Flash sale not found.');

/** A product's own current price (baisa): its discount price when it has one below the price. */
const ownPrice = (p: { price: number; discount_price: number }) =>
  p.discount_price > 0 && p.discount_price < p.price ? p.discount_price : p.price;

export function createSellerFlashSalesService(ctx: SellerVouchersContext) {
  const { db } = ctx;

  async function sales(shopId: number, locale: Locale, onlyId?: number): Promise<SellerFlashSale[]> {
    const now = ctx.now().toISOString();
    const all = await repo.openSales(db, now);
    const rows = onlyId === undefined ? all : all.filter((s) => s.id === onlyId);
    const products = await repo.shopProductsInSales(
      db,
      shopId,
      rows.map((s) => s.id),
    );
    return rows.map((s) => ({
      id: s.id,
      name: localized(s.name, s.name_ar, locale),
      thumbnail: s.thumbnail,
      start_at: s.start_at,
      end_at: s.end_at,
      status: s.start_at <= now ? 'running' : 'upcoming',
      products: products
        .filter((p) => p.flash_sale_id === s.id)
        .map((p) => ({
          id: p.id,
          name: localized(p.name, p.name_ar, locale),
          thumbnail: p.thumbnail,
          price: omr(ownPrice(p)),
          sale_price: omr(p.sale_price),
        })),
    }));
  }

  const list = (shopId: number, locale: Locale) => sales(shopId, locale);

  async function one(shopId: number, saleId: number, locale: Locale): Promise<SellerFlashSale> {
    const [sale] = await sales(shopId, locale, saleId);
    if (!sale) throw saleNotFound();
    return sale;
  }

  /** Joins the sale with the shop's product at `price` (OMR), or sets the price of a product already in it. */
  async function join(actor: Actor & { shopId: number }, saleId: number, body: { product_id: number; price: number }, locale: Locale) {
    const at = ctx.now();
    const now = at.toISOString();
    await db.transaction().execute(async (trx) => {
      const sale = await repo.openSale(trx, saleId, now);
      if (!sale) throw saleNotFound();
      const product = await repo.ownProduct(trx, actor.shopId, body.product_id);
      if (!product) throw notFound('Product not found.');
      const price = toMinorUnits(body.price);
      const own = ownPrice(product);
      if (price >= own)
        throw validationError({ price: [`The sale price must be below the product's own price (${omr(own).toFixed(3)}).`] });
      const entry = await repo.saleEntry(trx, saleId, product.id);
      if (entry && sale.start_at <= now && price > entry.price)
        throw validationError({ price: ['While the sale runs, its price can only be lowered.'] });
      if (entry?.price === price) return;
      await repo.upsertSaleEntry(trx, saleId, product.id, price);
      await recordAudit(
        trx,
        actor,
        {
          action: entry ? 'flash_sale.update_price' : 'flash_sale.join',
          targetType: 'flash_sale',
          targetId: saleId,
          changes: {
            ...(entry ? {} : { product_id: [null, product.id] }),
            [`price.${product.id}`]: [entry ? omr(entry.price) : null, omr(price)],
          },
        },
        at,
      );
    });
    return one(actor.shopId, saleId, locale);
  }

  /** Takes the shop's product out of a sale, before it starts only. */
  async function leave(actor: Actor & { shopId: number }, saleId: number, productId: number): Promise<void> {
    const at = ctx.now();
    const now = at.toISOString();
    await db.transaction().execute(async (trx) => {
      const sale = await repo.saleById(trx, saleId);
      const product = sale ? await repo.ownProduct(trx, actor.shopId, productId) : undefined;
      const entry = product ? await repo.saleEntry(trx, saleId, productId) : undefined;
      if (!sale || !product || !entry) throw notFound('This product is not in this flash sale.');
      if (!(await repo.leaveSale(trx, saleId, productId, now)))
        throw new HttpError(422, 'A product can leave a flash sale only before the sale starts.', {
          product_id: ['A product can leave a flash sale only before the sale starts.'],
        });
      await recordAudit(
        trx,
        actor,
        {
          action: 'flash_sale.leave',
          targetType: 'flash_sale',
          targetId: saleId,
          changes: { product_id: [productId, null], [`price.${productId}`]: [omr(entry.price), null] },
        },
        at,
      );
    });
  }

  return { list, join, leave };
}
