import { type Coupon, formatLongDateTime, type Locale } from '@souq/contracts';
import { HttpError, notFound, validationError } from '../../http/route';
import { omr } from '../catalog';
import * as repo from './commerce.repository';
import type { CommerceContext } from './context';

/** Why a voucher cannot be used now (null when it can). Each rule has its own message. */
export function couponProblem(
  c: repo.CouponRow,
  now: string,
  use?: { shopIds: number[]; subtotal: number; usedByCustomer: number },
): string | null {
  if (c.is_active !== 1) return 'This voucher is not available.';
  if (c.starts_at && c.starts_at > now) return 'This voucher has not started yet.';
  if (c.expires_at && c.expires_at <= now) return 'This voucher has expired.';
  if (c.usage_limit !== null && c.used_count >= c.usage_limit) return 'This voucher has been used up.';
  if (!use) return null;
  if (!use.shopIds.includes(c.shop_id)) return 'This voucher belongs to another shop.';
  if (use.usedByCustomer >= c.per_customer_limit) return 'You have already used this voucher.';
  if (use.subtotal < c.min_order_amount)
    return `Spend at least ${omr(c.min_order_amount).toFixed(3)} at this shop to use this voucher.`;
  return null;
}

export const toCoupon = (c: repo.CouponRow, collected: boolean, locale: Locale): Coupon => ({
  id: c.id,
  shop_id: c.shop_id,
  code: c.code,
  discount_type: c.discount_type === 'Percentage' ? 'Percentage' : 'Amount',
  discount: c.discount_type === 'Percentage' ? c.discount : omr(c.discount),
  min_order_amount: omr(c.min_order_amount),
  max_discount_amount: c.max_discount_amount === null ? null : omr(c.max_discount_amount),
  validity: c.expires_at ? formatLongDateTime(c.expires_at, locale) : null,
  validity_iso: c.expires_at,
  starts_at: c.starts_at,
  is_collected: collected,
});

const alreadyCollected = () => new HttpError(409, 'You have already collected this voucher.');

export function createVouchersService(ctx: CommerceContext) {
  const { db } = ctx;

  /** The shop's vouchers that can be collected now, each saying whether this customer has it. */
  async function list(userId: number, shopId: number, locale: Locale): Promise<Coupon[]> {
    const rows = await repo.liveCoupons(db, shopId, ctx.now().toISOString());
    const mine = await repo.collectedIds(
      db,
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toCoupon(r, mine.has(r.id), locale));
  }

  /**
   * Collects a voucher: a second collect is 409 whatever became of the voucher since (API.md); a first one
   * is refused with the rule it breaks. Whether it was collected already is asked only before a refusal
   * (a collect that passes learns it from its insert).
   */
  async function collect(userId: number, couponId: number): Promise<void> {
    const c = await repo.couponById(db, couponId);
    if (!c) throw notFound('Voucher not found.');
    const refuse = async (error: Error): Promise<never> => {
      if ((await repo.collectedIds(db, userId, [c.id])).has(c.id)) throw alreadyCollected();
      throw error;
    };
    if (c.is_active !== 1) return refuse(notFound('Voucher not found.'));
    const now = ctx.now().toISOString();
    const problem = couponProblem(c, now);
    if (problem) return refuse(validationError({ coupon_id: [problem] }));
    const used = (await repo.usesBy(db, userId, [c.id])).get(c.id) ?? 0;
    if (used >= c.per_customer_limit) return refuse(validationError({ coupon_id: ['You have already used this voucher.'] }));
    if (!(await repo.collect(db, userId, c.id, now))) throw alreadyCollected();
  }

  async function collected(userId: number, shopId: number | undefined, locale: Locale): Promise<Coupon[]> {
    const rows = await repo.collectedCoupons(db, userId, shopId ? [shopId] : undefined);
    return rows.map((r) => toCoupon(r, true, locale));
  }

  return { list, collect, collected };
}
