import { z } from 'zod';
import { queryInt } from './catalog';
import { orderDetailSchema } from './commerce';
import { envelope, getQuery } from './common';
import { orderStatuses, orderStatusKeys } from './constants';
import { moneyInput } from './seller-products';
import { cleanText } from './text';
import {
  ADMIN_ORDER_SEARCH_MAX,
  ADMIN_ORDERS_PER_PAGE,
  PAYMENT_STATUS_KEYS,
  REFUND_REASON_MAX,
  REFUND_STATUSES,
} from './admin-orders-constants';

// ---------------------------------------------------------------------------------------------------
// The operator console's orders and refunds (BACKOFFICE.md "Operator console", decision 040). Money:
// numbers in the default currency (OMR, 3 decimals), stored as integer baisa.
// ---------------------------------------------------------------------------------------------------

export * from './admin-orders-constants';

/** `order_status` as the customer's filter takes it: a key (`on_the_way`) or a name (`On The Way`). */
const orderStatusFilter = z
  .string()
  .transform((s) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  )
  .pipe(z.enum(orderStatusKeys, { error: `The order status must be one of: ${orderStatuses.join(', ')}.` }));

/** `GET /api/admin/orders?order_status&payment_status&shop_id&search&page&per_page`. */
export const adminOrdersQuery = getQuery(
  z.object({
    order_status: z.preprocess(
      (v) => (typeof v === 'string' && v.trim().toLowerCase() === 'all' ? undefined : v),
      orderStatusFilter.optional(),
    ),
    payment_status: z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .pipe(z.enum(PAYMENT_STATUS_KEYS, { error: 'The payment status must be Paid or Unpaid.' }))
      .optional(),
    shop_id: queryInt('shop id', { max: 2_147_483_647 }).optional(),
    search: cleanText('search', z.string())
      .transform((s) => s.trim())
      .pipe(z.string().max(ADMIN_ORDER_SEARCH_MAX, `The search must not be greater than ${ADMIN_ORDER_SEARCH_MAX} characters.`))
      .optional(),
    page: queryInt('page', { max: 100_000 }).optional().default(1),
    per_page: queryInt('per page', { max: 100 }).optional().default(ADMIN_ORDERS_PER_PAGE),
  }),
);
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  order_code: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  quantity: z.number().int(),
  amount: z.number(),
  payment_method: z.string(),
  payment_status: z.enum(['Unpaid', 'Paid']),
  order_status: z.enum(orderStatuses),
  refund_status: z.enum(REFUND_STATUSES),
  refunded_amount: z.number(),
  created_at: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrdersSchema = z.object({ total: z.number().int(), orders: z.array(adminOrderRowSchema) });
export type AdminOrders = z.infer<typeof adminOrdersSchema>;
export const adminOrdersResponseSchema = envelope(adminOrdersSchema);

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  gateway: z.string(),
  session_id: z.string().nullable(),
  /** What the gateway asked of the customer for the whole placement (every order of it). */
  amount: z.number(),
  status: z.enum(['pending', 'paid', 'cancelled', 'expired']),
  created_at: z.string(),
});

export const refundRecordSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  /** gateway: through the card gateway; manual: recorded by hand (cash, bank transfer). */
  method: z.enum(['gateway', 'manual']),
  gateway: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  gateway_refund_id: z.string().nullable(),
  failure: z.string().nullable(),
  operator: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

/** What a refund of the order would do now, and what was refunded before. */
export const refundStateSchema = z.object({
  status: z.enum(REFUND_STATUSES),
  refunded_amount: z.number(),
  /** What was paid for this order (for Stripe: at most what the placement's payment took). */
  paid_amount: z.number(),
  /** Largest amount a refund may take now (0 when none can be made). */
  refundable: z.number(),
  /** How a refund is made: through the gateway that took the payment, or by hand (cash, bank transfer). */
  method: z.enum(['gateway', 'manual']),
  gateway: z.string().nullable(),
  /** Smallest step of an amount (Stripe takes OMR in multiples of 0.010). */
  step: z.number(),
  can_refund: z.boolean(),
  /** Why no refund can be made now (null when one can). */
  blocked_reason: z.string().nullable(),
  refunds: z.array(refundRecordSchema),
});
export type RefundState = z.infer<typeof refundStateSchema>;

export const adminOrderSchema = orderDetailSchema.omit({ can_cancel: true, can_review: true, can_pay: true, customer: true }).extend({
  customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  payments: z.array(adminPaymentSchema),
  refund_status: z.enum(REFUND_STATUSES),
  refunded_amount: z.number(),
  refund: refundStateSchema,
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderResponseSchema = envelope(z.object({ order: adminOrderSchema }));

/**
 * `POST /api/admin/orders/{id}/refund {amount?, reason}` (optional `Idempotency-Key` header: the same key
 * replayed refunds once). No amount: all that is left to refund.
 */
export const adminRefundBody = z.object({
  amount: moneyInput('amount')
    .refine((v) => v > 0, 'The amount field must be greater than 0.')
    .optional(),
  reason: cleanText('reason', z.string({ error: 'The reason field is required.' }))
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, 'The reason field is required.')
        .max(REFUND_REASON_MAX, `The reason must not be greater than ${REFUND_REASON_MAX} characters.`),
    ),
});
export type AdminRefundBody = z.input<typeof adminRefundBody>;
