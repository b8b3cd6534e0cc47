import { z } from 'zod';
import { envelope, getQuery } from './common';
import { moneyInput } from './seller-products';
import { cleanText, fieldLabel } from './text';
import { VOUCHER_CODE_MAX, VOUCHER_CODE_PATTERN, VOUCHER_LIMIT_MAX, voucherDiscountTypes, voucherStatuses } from './constants';

// ---------------------------------------------------------------------------------------------------
// Seller centre: a shop's vouchers and its part in the operator's flash sales (BACKOFFICE.md "Seller
// centre"). Money: numbers in the default currency (OMR, 3 decimals), stored as integer baisa. Another
// shop's voucher (or a product that is not the shop's own) is 404, never 403.
//
// Vouchers
// - GET /api/seller/vouchers?page&per_page → {total, vouchers}, newest first (20 a page).
// - POST /api/seller/vouchers → 201 {voucher}. Required: code, discount_type, discount, starts_at,
//   expires_at. Defaults: min_order_amount 0, max_discount_amount null (no cap), usage_limit null
//   (unlimited), per_customer_limit 1, is_active true.
// - PUT /api/seller/vouchers/{id} → {voucher}: changes only the fields it sends (an empty body changes
//   nothing); `null` clears max_discount_amount and usage_limit, and is a 422 elsewhere.
// - DELETE /api/seller/vouchers/{id}: a voucher nobody has collected or used (used_count 0, no order
//   and no customer's collection holds it) is deleted → 204. One that was collected or used is
//   switched off instead (kept for the orders that name it) → 200 {voucher} with is_active false; a
//   second DELETE answers the same.
// Rules (422 per field): a code is trimmed, letters, digits, '-' and '_' only, at most 32 characters,
// kept in capitals, and unique in the marketplace whatever its case (the checkout finds a typed code
// without its shop, so one code names one voucher); a Percentage discount is a whole number 1–100, an
// Amount discount a money amount above 0; expires_at after starts_at (and, on create, in the future);
// a usage limit not below the uses already made.
// Customers see a change at once: /get-vouchers lists an active voucher between its dates that is not
// used up; a switched-off voucher leaves it, the customers' collections and the checkout.
//
// Flash sales (the operator runs them)
// - GET /api/seller/flash-sales → {flash_sales}: the running and upcoming active sales (running first,
//   then by start), each with the shop's own products in it.
// - POST /api/seller/flash-sales/{id}/products {product_id, price} → {flash_sale}: joins with a sale
//   price below the product's own current price (its discount price when it has one). A product already
//   in the sale gets the new price (before the sale starts; a running sale's price may only go down).
//   The product must be the shop's own and not archived (404); a sale that ended, or an unknown or
//   switched-off one, is 404.
// - DELETE /api/seller/flash-sales/{id}/products/{productId} → 204: leaves, before the sale starts only
//   (422 once it runs).
// ---------------------------------------------------------------------------------------------------

export {
  SELLER_VOUCHERS_PER_PAGE,
  VOUCHER_CODE_MAX,
  VOUCHER_CODE_PATTERN,
  VOUCHER_LIMIT_MAX,
  voucherDiscountTypes,
  voucherStatuses,
  type VoucherDiscountType,
  type VoucherStatus,
} from './constants';

/** A moment with its time zone (ISO 8601, e.g. 2026-12-01T00:00:00+04:00), answered in UTC ('…Z'). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const moment = (field: string) =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? `The ${fieldLabel(field)} field is required.`
          : `The ${fieldLabel(field)} field must be a date and time.`,
    })
    .max(40, `The ${fieldLabel(field)} field must be a date and time.`)
    .refine((v) => ISO_MOMENT.test(v) && !Number.isNaN(Date.parse(v)), `The ${fieldLabel(field)} field must be a date and time.`)
    .transform((v) => new Date(Date.parse(v)).toISOString());

const count = (field: string, min: number) =>
  z
    .number({ error: `The ${fieldLabel(field)} field must be an integer.` })
    .int(`The ${fieldLabel(field)} field must be an integer.`)
    .min(min, `The ${fieldLabel(field)} field must be at least ${min}.`)
    .max(VOUCHER_LIMIT_MAX, `The ${fieldLabel(field)} field must not be greater than ${VOUCHER_LIMIT_MAX}.`);

/**
 * The fields of a voucher as a seller writes them. Rules that read two fields (the discount against its
 * type, the dates' order, the usage limit against the uses made) are the server's, on the voucher as it
 * would be after the write.
 */
export const sellerVoucherFields = z.object({
  code: cleanText('code', z.string({ error: 'The code field must be a string.' }))
    .min(1, 'The code field is required.')
    .max(VOUCHER_CODE_MAX, `The code field must not be greater than ${VOUCHER_CODE_MAX} characters.`)
    .refine((v) => VOUCHER_CODE_PATTERN.test(v), 'The code may only contain letters, digits, dashes and underscores.')
    .transform((v) => v.toUpperCase()),
  discount_type: z.enum(voucherDiscountTypes, { error: 'The discount type must be Percentage or Amount.' }),
  /** Percentage: a whole percent 1–100; Amount: money above 0. */
  discount: moneyInput('discount'),
  min_order_amount: moneyInput('min_order_amount'),
  /** null: no cap. */
  max_discount_amount: moneyInput('max_discount_amount')
    .refine((v) => v > 0, 'The max discount amount field must be greater than 0.')
    .nullable(),
  starts_at: moment('starts_at'),
  expires_at: moment('expires_at'),
  /** null: unlimited. */
  usage_limit: count('usage_limit', 1).nullable(),
  per_customer_limit: count('per_customer_limit', 1),
  is_active: z.boolean({ error: 'The is active field must be true or false.' }),
});

const requiredMessage = (field: string) => `The ${fieldLabel(field)} field is required.`;
const f = sellerVoucherFields.shape;

export const sellerVoucherCreateBody = sellerVoucherFields.partial().extend({
  code: f.code.optional().nonoptional(requiredMessage('code')),
  discount_type: f.discount_type.optional().nonoptional(requiredMessage('discount_type')),
  discount: f.discount.optional().nonoptional(requiredMessage('discount')),
  starts_at: f.starts_at.optional().nonoptional(requiredMessage('starts_at')),
  expires_at: f.expires_at.optional().nonoptional(requiredMessage('expires_at')),
});
export type SellerVoucherCreateBody = z.input<typeof sellerVoucherCreateBody>;

export const sellerVoucherUpdateBody = sellerVoucherFields.partial();
export type SellerVoucherUpdateBody = z.input<typeof sellerVoucherUpdateBody>;

export const sellerVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(voucherDiscountTypes),
  /** A percent (Percentage) or an amount (Amount). */
  discount: z.number(),
  min_order_amount: z.number(),
  max_discount_amount: z.number().nullable(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  per_customer_limit: z.number().int(),
  /** How many customers have collected it. */
  collected_count: z.number().int(),
  is_active: z.boolean(),
  status: z.enum(voucherStatuses),
  created_at: z.string(),
});
export type SellerVoucher = z.infer<typeof sellerVoucherSchema>;
export const sellerVoucherResponseSchema = envelope(z.object({ voucher: sellerVoucherSchema }));

export const sellerVouchersQuery = getQuery(
  z.object({
    page: z.coerce.number().int().min(1).max(100000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
  }),
);
export const sellerVouchersResponseSchema = envelope(z.object({ total: z.number().int(), vouchers: z.array(sellerVoucherSchema) }));
export type SellerVouchersAnswer = z.infer<typeof sellerVouchersResponseSchema>['data'];

// --- Flash sales -----------------------------------------------------------------------------------

export const sellerFlashSaleProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  /** The product's own current price (its discount price when it has one). */
  price: z.number(),
  /** The price during the sale. */
  sale_price: z.number(),
});
export type SellerFlashSaleProduct = z.infer<typeof sellerFlashSaleProductSchema>;

export const sellerFlashSaleSchema = z.object({
  id: z.number().int(),
  /** In the asked language. */
  name: z.string(),
  thumbnail: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(['running', 'upcoming']),
  products: z.array(sellerFlashSaleProductSchema),
});
export type SellerFlashSale = z.infer<typeof sellerFlashSaleSchema>;
export const sellerFlashSalesResponseSchema = envelope(z.object({ flash_sales: z.array(sellerFlashSaleSchema) }));
export const sellerFlashSaleResponseSchema = envelope(z.object({ flash_sale: sellerFlashSaleSchema }));

export const sellerFlashSaleJoinBody = z.object({
  product_id: z
    .number({ error: 'The product id field is required.' })
    .int('The product id field must be an integer.')
    .positive('The product id field must be an integer.')
    .max(2_147_483_647, 'The product id field must be an integer.'),
  price: moneyInput('price').refine((v) => v > 0, 'The price field must be greater than 0.'),
});
export type SellerFlashSaleJoinBody = z.input<typeof sellerFlashSaleJoinBody>;
