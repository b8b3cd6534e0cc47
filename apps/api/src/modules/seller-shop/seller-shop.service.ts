import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  toMinorUnits,
  type Locale,
  type ReviewReplyBody,
  type SellerReview,
  type SellerReviewsAnswer,
  type SellerShopProfile,
  type SellerShopUpdateBody,
} from '@souq/contracts';
import type { Updateable } from 'kysely';
import { type Db, isOn } from '../../db';
import type { ShopsTable } from '../../db/catalogue-schema';
import { notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { sanitizeRichText } from '../../shared/rich-text';
import { searchIndexText } from '../../shared/search-text';
import { type Actor, changesOf, recordAudit } from '../audit';
import { omr } from '../catalog';
import * as repo from './seller-shop.repository';

const SHOP_IMAGES_URL = '/uploads/shops';

export interface SellerShopDeps {
  db: Db;
  /** Where uploads live (`<dataDir>/uploads`, served at /uploads/). */
  uploadsDir: string;
  images: { logo(buffer: Buffer): Promise<Buffer>; banner(buffer: Buffer): Promise<Buffer> };
  now: () => Date;
}

const toReview = (r: repo.ShopReviewRow, locale: Locale): SellerReview => ({
  id: r.id,
  product: { id: r.product_id, name: localized(r.product_name, r.product_name_ar, locale), thumbnail: r.product_thumbnail },
  customer_name: r.customer_name,
  rating: Number(r.rating),
  description: r.description,
  created_at: r.created_at,
  reply: r.reply,
  replied_at: r.replied_at,
  is_hidden: isOn(r.is_hidden),
});

const toProfile = (r: repo.ShopProfileRow): SellerShopProfile => ({
  name: r.name,
  name_ar: r.name_ar,
  short_description: r.short_description,
  short_description_ar: r.short_description_ar,
  description: r.description,
  description_ar: r.description_ar,
  logo: r.logo,
  banner: r.banner,
  address: r.address,
  address_ar: r.address_ar,
  phone: r.phone,
  email: r.email,
  delivery_charge: omr(Number(r.delivery_charge)),
  free_delivery_above: omr(Number(r.free_delivery_above)),
  min_order_amount: omr(Number(r.min_order_amount)),
  estimated_delivery_time: r.estimated_delivery_time,
  estimated_delivery_time_ar: r.estimated_delivery_time_ar,
  is_open: Number(r.is_open) === 1,
});

const emptyToNull = (v: string | null | undefined) => (v === '' ? null : v);
const richText = (v: string | null | undefined) => (v == null ? null : sanitizeRichText(v) || null);

/** The columns a PUT writes, from the fields it sends (undefined: not sent, left alone). */
function columnsOf(body: SellerShopUpdateBody): Updateable<ShopsTable> {
  const set: Updateable<ShopsTable> = {};
  const text = [
    'short_description',
    'short_description_ar',
    'address',
    'address_ar',
    'phone',
    'email',
    'estimated_delivery_time',
    'estimated_delivery_time_ar',
  ] as const;
  if (body.name !== undefined) set.name = body.name;
  if (body.name_ar !== undefined) set.name_ar = body.name_ar;
  for (const f of text) if (body[f] !== undefined) set[f] = emptyToNull(body[f]);
  if (body.description !== undefined) set.description = richText(body.description);
  if (body.description_ar !== undefined) set.description_ar = richText(body.description_ar);
  for (const f of ['delivery_charge', 'free_delivery_above', 'min_order_amount'] as const)
    if (body[f] !== undefined) set[f] = toMinorUnits(body[f]);
  if (body.is_open !== undefined) set.is_open = body.is_open ? 1 : 0;
  return set;
}

/**
 * The seller's reviews and shop profile (BACKOFFICE.md "Seller centre"). Every write runs in one
 * transaction with its audit entry; another shop's review is 404.
 */
export function createSellerShopService({ db, uploadsDir, images, now }: SellerShopDeps) {
  async function reviews(
    shopId: number,
    q: { rating?: number; page: number; perPage: number },
    locale: Locale,
  ): Promise<SellerReviewsAnswer> {
    const { rows, total } = await repo.shopReviews(db, shopId, {
      rating: q.rating,
      limit: q.perPage,
      offset: (q.page - 1) * q.perPage,
    });
    return { total, reviews: rows.map((r) => toReview(r, locale)) };
  }

  /** Writes (or replaces) the shop's one reply to a review. */
  async function reply(actor: Actor, shopId: number, id: number, body: ReviewReplyBody, locale: Locale): Promise<SellerReview> {
    const at = now();
    return db.transaction().execute(async (trx) => {
      const before = await repo.shopReview(trx, shopId, id);
      if (!before) throw notFound('Review not found.');
      await repo.setReviewReply(trx, shopId, id, body.reply, at.toISOString());
      await recordAudit(
        trx,
        actor,
        {
          action: 'review.reply',
          targetType: 'review',
          targetId: id,
          changes: changesOf({ reply: before.reply }, { reply: body.reply }),
        },
        at,
      );
      return toReview({ ...before, reply: body.reply, replied_at: at.toISOString() }, locale);
    });
  }

  async function profile(shopId: number): Promise<SellerShopProfile> {
    const row = await repo.shopProfile(db, shopId);
    if (!row) throw notFound('Shop not found.');
    return toProfile(row);
  }

  /** A partial update: only the fields sent, and of those only what differs is written and logged. */
  async function update(actor: Actor, shopId: number, body: SellerShopUpdateBody): Promise<SellerShopProfile> {
    const taken = await repo.shopNameTakenByOther(db, shopId, { name: body.name, name_ar: body.name_ar });
    const errors: Record<string, string[]> = {};
    if (taken.name) errors.name = ['A shop with this name already exists.'];
    if (taken.name_ar) errors.name_ar = ['A shop with this name already exists.'];
    if (Object.keys(errors).length) throw validationError(errors);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const row = await repo.shopProfile(trx, shopId);
      if (!row) throw notFound('Shop not found.');
      const wanted = columnsOf(body);
      const current = row as Record<string, unknown>;
      const set: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(wanted)) {
        const old = typeof v === 'number' ? Number(current[k]) : current[k];
        if (old !== v) set[k] = v;
      }
      if (!Object.keys(set).length) return toProfile(row);
      const after = { ...row, ...set } as repo.ShopProfileRow;
      if (set.name !== undefined || set.name_ar !== undefined)
        set.search_text = searchIndexText(`${after.name} ${after.name_ar ?? ''}`);
      await repo.updateShop(trx, shopId, set as Updateable<ShopsTable>);
      const before = toProfile(row);
      const now = toProfile(after);
      await recordAudit(
        trx,
        actor,
        { action: 'shop.update', targetType: 'shop', targetId: shopId, changes: changesOf(before, now, Object.keys(body)) },
        at,
      );
      return now;
    });
  }

  /** Stores a new logo or banner (decoded before the transaction), and records the old and new paths. */
  async function setImage(actor: Actor, shopId: number, kind: 'logo' | 'banner', upload: Buffer): Promise<SellerShopProfile> {
    const webp = await images[kind](upload);
    const file = `${randomBytes(16).toString('hex')}.webp`;
    const dir = path.join(uploadsDir, 'shops');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, file), webp);
    const url = `${SHOP_IMAGES_URL}/${file}`;
    const at = now();
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await repo.shopProfile(trx, shopId);
        if (!row) throw notFound('Shop not found.');
        await repo.updateShop(trx, shopId, { [kind]: url });
        await recordAudit(
          trx,
          actor,
          { action: `shop.${kind}`, targetType: 'shop', targetId: shopId, changes: { [kind]: [row[kind], url] } },
          at,
        );
        return toProfile({ ...row, [kind]: url });
      });
    } catch (error) {
      // Nothing half-written: the new file goes with the rolled-back row.
      await fs.rm(path.join(dir, file), { force: true });
      throw error;
    }
  }

  return { reviews, reply, profile, update, setImage };
}
export type SellerShopService = ReturnType<typeof createSellerShopService>;
