import { z } from 'zod';
import { envelope, getQuery } from './common';
import { ADMIN_SHOP_STATUSES, SHOP_REASON_MAX } from './constants';
import { cleanText, fieldLabel } from './text';

// ---------------------------------------------------------------------------------------------------
// Operator console: the dashboard and the shops (BACKOFFICE.md "Operator console", issue 37).
//
// - GET /api/admin/dashboard → {shops {pending, active, suspended}, orders {today, last_30_days},
//   sales {last_30_days}, customers {total, new_last_30_days}, tickets {open}, refunds {due},
//   notifications {failed}}. Days begin at midnight in
//   the marketplace's time zone; "the last 30 days" are today and the 29 before it. Sales: the payable
//   amounts of the orders not cancelled, in the default currency (OMR, 3 decimals).
// - GET /api/admin/shops?status=pending|active|suspended|rejected|all&search&page&per_page → {total,
//   shops}: with `all` (the default) applications (pending) first, then the newest shop first.
// - GET /api/admin/shops/{id} → {shop}: one shop with its application and the reason of its status.
// - POST /api/admin/shops/{id}/approve (pending or rejected → active), /reject {reason} (pending →
//   rejected), /suspend {reason} (active → suspended), /reinstate (suspended → active) → {shop}. Any
//   other transition is 409 with a message that says the shop's status and what the action needs.
//   The seller is told by e-mail in its language. A suspended or rejected shop and its products leave the
//   storefront; its seller's sign-in answers 403 with the reason; its sellers' tokens are revoked.
// ---------------------------------------------------------------------------------------------------

export { ADMIN_SHOP_STATUSES, ADMIN_SHOPS_PER_PAGE, SHOP_PENDING_MESSAGE, SHOP_REASON_MAX } from './constants';
/** A shop's status as the console names it (stored `approved` is `active`). */
export type AdminShopStatus = (typeof ADMIN_SHOP_STATUSES)[number];

export const adminShopsQuery = getQuery(
  z.object({
    status: z.enum([...ADMIN_SHOP_STATUSES, 'all'], { error: 'The selected status is invalid.' }).optional(),
    search: cleanText('search').max(100, 'The search field must not be greater than 100 characters.').optional(),
    page: z.coerce
      .number({ error: 'The page must be a number.' })
      .int('The page must be an integer.')
      .min(1, 'The page must be at least 1.')
      .max(100000, 'The page must not be greater than 100000.')
      .optional(),
    per_page: z.coerce
      .number({ error: 'The per page must be a number.' })
      .int('The per page must be an integer.')
      .min(1, 'The per page must be at least 1.')
      .max(100, 'The per page must not be greater than 100.')
      .optional(),
  }),
);
export type AdminShopsQuery = z.infer<typeof adminShopsQuery>;

const reasonField = (field: string) =>
  cleanText(
    fieldLabel(field),
    z.string({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? `The ${fieldLabel(field)} field is required.`
          : `The ${fieldLabel(field)} field must be a string.`,
    }),
  )
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, `The ${fieldLabel(field)} field is required.`)
    .refine(
      (s) => s.length <= SHOP_REASON_MAX,
      `The ${fieldLabel(field)} field must not be greater than ${SHOP_REASON_MAX} characters.`,
    );

/** `/reject` and `/suspend`: why (the seller reads it in the e-mail and at sign-in). */
export const adminShopReasonBody = z.object({ reason: reasonField('reason') });
export type AdminShopReasonBody = z.infer<typeof adminShopReasonBody>;

export const adminShopOwnerSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const adminShopRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  logo: z.string().nullable(),
  status: z.enum(ADMIN_SHOP_STATUSES),
  owner: adminShopOwnerSchema,
  total_products: z.number().int(),
  total_orders: z.number().int(),
  created_at: z.string(),
});
export type AdminShopRow = z.infer<typeof adminShopRowSchema>;

export const adminShopsSchema = z.object({ total: z.number().int(), shops: z.array(adminShopRowSchema) });
export type AdminShops = z.infer<typeof adminShopsSchema>;
export const adminShopsResponseSchema = envelope(adminShopsSchema);

/** One shop: the row, its application, its profile's contact and the reason of its status. */
export const adminShopSchema = adminShopRowSchema.extend({
  slug: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  address_ar: z.string().nullable(),
  short_description: z.string().nullable(),
  short_description_ar: z.string().nullable(),
  is_open: z.boolean(),
  rating: z.number(),
  total_reviews: z.number().int(),
  owner: adminShopOwnerSchema.extend({ id: z.number().int().nullable(), locale: z.enum(['ar', 'en']).nullable() }),
  applied_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** Why it was rejected or suspended (null otherwise). */
  status_reason: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  /** Payable amounts of its orders not cancelled (OMR). */
  total_sales: z.number(),
});
export type AdminShop = z.infer<typeof adminShopSchema>;
export const adminShopResponseSchema = envelope(z.object({ shop: adminShopSchema }));

export const adminDashboardSchema = z.object({
  shops: z.object({ pending: z.number().int(), active: z.number().int(), suspended: z.number().int() }),
  orders: z.object({ today: z.number().int(), last_30_days: z.number().int() }),
  sales: z.object({ last_30_days: z.number() }),
  customers: z.object({ total: z.number().int(), new_last_30_days: z.number().int() }),
  tickets: z.object({ open: z.number().int() }),
  /** Orders cancelled after they were paid whose money is not (all) back yet (issue 41): refunds to make. */
  refunds: z.object({ due: z.number().int() }),
  /** E-mails and text messages that failed for good (decision 046): to send again from the console. */
  notifications: z.object({ failed: z.number().int() }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
export const adminDashboardResponseSchema = envelope(adminDashboardSchema);
