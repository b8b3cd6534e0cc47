import { z } from 'zod';
import { listQuery, queryInt } from './catalog';
import { envelope, getQuery } from './common';
import { REVIEW_REPLY_MAX, SELLER_REVIEWS_PER_PAGE } from './constants';
import { moneyInput } from './seller-products';
import { cleanText, fieldLabel, multilineText } from './text';

// ---------------------------------------------------------------------------------------------------
// Seller centre: the shop's reviews and its profile (BACKOFFICE.md "Seller centre"). Every call is the
// signed-in seller's shop only: another shop's review is 404. Money: numbers in the default currency
// with its decimals (OMR: 3), stored as integer minor units (decision 002).
// ---------------------------------------------------------------------------------------------------

export const sellerReviewsQuery = getQuery(
  listQuery(SELLER_REVIEWS_PER_PAGE).extend({
    rating: queryInt('rating', { min: 1, max: 5 }).optional(),
  }),
);
export type SellerReviewsQuery = z.infer<typeof sellerReviewsQuery>;

export const sellerReviewParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The shop's reply: plain text, trimmed, invisible formatting characters removed, 1–1000 characters.
 * Line breaks are kept (CR LF and CR become LF, at most one empty line in a row); every other control
 * character is refused.
 */
export const reviewReplyBody = z.object({ reply: multilineText('reply', REVIEW_REPLY_MAX) });
export type ReviewReplyBody = z.infer<typeof reviewReplyBody>;

export const sellerReviewSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string().nullable() }),
  customer_name: z.string(),
  rating: z.number().int(),
  description: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  reply: z.string().nullable(),
  /** ISO 8601; null until the shop replies. */
  replied_at: z.string().nullable(),
  /** Hidden by the marketplace's operators for breaking the rules: off the product page and the ratings. */
  is_hidden: z.boolean(),
});
export type SellerReview = z.infer<typeof sellerReviewSchema>;

export const sellerReviewsResponseSchema = envelope(z.object({ total: z.number().int(), reviews: z.array(sellerReviewSchema) }));
export type SellerReviewsAnswer = z.infer<typeof sellerReviewsResponseSchema>['data'];
export const sellerReviewResponseSchema = envelope(z.object({ review: sellerReviewSchema }));

// --- Shop profile ----------------------------------------------------------------------------------

/** Single-line text of at most `max` characters; `null` (or '') clears it. */
const line = (field: string, max: number) =>
  cleanText(fieldLabel(field), z.string({ error: `The ${fieldLabel(field)} field must be a string.` }))
    .max(max, `The ${fieldLabel(field)} field must not be greater than ${max} characters.`)
    .nullable();

/** A required single-line text (a shop's names). */
const requiredLine = (field: string, min: number, max: number) =>
  cleanText(
    fieldLabel(field),
    z.string({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? `The ${fieldLabel(field)} field is required.`
          : `The ${fieldLabel(field)} field must be a string.`,
    }),
  )
    .min(1, `The ${fieldLabel(field)} field is required.`)
    .min(min, `The ${fieldLabel(field)} field must be at least ${min} characters.`)
    .max(max, `The ${fieldLabel(field)} field must not be greater than ${max} characters.`);

/** Rich text, kept through the articles' allow-list on the server. */
const html = (field: string) =>
  z
    .string({ error: `The ${fieldLabel(field)} field must be a string.` })
    .max(20_000, `The ${fieldLabel(field)} field must not be greater than 20000 characters.`)
    .nullable();

/**
 * The shop's profile as the seller writes it: a PUT changes only the fields it sends (an empty body
 * changes nothing). `null` clears a field that may be empty; the names, the money and `is_open` may not
 * be null (422). Phone and e-mail as the shop application checks them (content.ts), or null/'' to clear.
 */
export const sellerShopUpdateBody = z
  .object({
    name: requiredLine('name', 2, 100),
    name_ar: requiredLine('name_ar', 2, 100),
    short_description: line('short_description', 500),
    short_description_ar: line('short_description_ar', 500),
    description: html('description'),
    description_ar: html('description_ar'),
    address: line('address', 300),
    address_ar: line('address_ar', 300),
    phone: cleanText('phone', z.string({ error: 'The phone field must be a string.' }))
      .overwrite((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => v === '' || /^\+?\d{8,15}$/.test(v), 'The phone field must be a valid phone number (8 to 15 digits).')
      .nullable(),
    email: cleanText('email', z.string({ error: 'The email field must be a string.' }))
      .toLowerCase()
      .max(190, 'The email field must not be greater than 190 characters.')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'The email field must be a valid email address.')
      .nullable(),
    delivery_charge: moneyInput('delivery_charge'),
    /** 0 = delivery is never free. */
    free_delivery_above: moneyInput('free_delivery_above'),
    /** 0 = no minimum. */
    min_order_amount: moneyInput('min_order_amount'),
    estimated_delivery_time: line('estimated_delivery_time', 100),
    estimated_delivery_time_ar: line('estimated_delivery_time_ar', 100),
    /** A closed shop stays listed, but its products cannot be ordered until it opens again. */
    is_open: z.boolean({ error: 'The is open field must be true or false.' }),
  })
  .partial();
export type SellerShopUpdateBody = z.infer<typeof sellerShopUpdateBody>;

export const sellerShopProfileSchema = z.object({
  name: z.string(),
  name_ar: z.string().nullable(),
  short_description: z.string().nullable(),
  short_description_ar: z.string().nullable(),
  /** Sanitised HTML. */
  description: z.string().nullable(),
  description_ar: z.string().nullable(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  address: z.string().nullable(),
  address_ar: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  delivery_charge: z.number(),
  free_delivery_above: z.number(),
  min_order_amount: z.number(),
  estimated_delivery_time: z.string().nullable(),
  estimated_delivery_time_ar: z.string().nullable(),
  is_open: z.boolean(),
});
export type SellerShopProfile = z.infer<typeof sellerShopProfileSchema>;
export const sellerShopResponseSchema = envelope(z.object({ shop: sellerShopProfileSchema }));
