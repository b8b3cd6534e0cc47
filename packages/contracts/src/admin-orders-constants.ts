// The operator console's orders and refunds: plain values (no zod), so that the web app may import them.

export const ADMIN_ORDERS_PER_PAGE = 20;
/** Longest search text (an order number, a customer's name or phone). */
export const ADMIN_ORDER_SEARCH_MAX = 100;
export const REFUND_REASON_MAX = 500;

/** An order's refund state: none yet, one under way, part of the payment back, all of it, or the last attempt failed. */
export const REFUND_STATUSES = ['none', 'pending', 'partial', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const PAYMENT_STATUS_KEYS = ['paid', 'unpaid'] as const;
