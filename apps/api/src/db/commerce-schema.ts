import type { Generated } from 'kysely';

/** Tables of migration 007 (commerce, decision 018). Money is integer baisa. */

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  shop_id: number;
  /** 0 = no colour chosen. */
  color_id: number;
  /** 0 = no size chosen. */
  size_id: number;
  quantity: number;
  /** 1 = the buy-now line, kept apart from the cart. */
  is_buy_now: number;
  created_at: string;
  updated_at: string;
}

export interface CollectedCouponsTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number;
  created_at: string;
}

export interface VatTaxesTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  /** Hundredths of a percent: 500 = 5%. */
  rate_bp: number;
  is_active: Generated<number>;
  sort: Generated<number>;
}

export type OrderStatus = 'Pending' | 'Confirm' | 'Processing' | 'Pickup' | 'On The Way' | 'Delivered' | 'Cancelled';
export type PaymentStatus = 'Unpaid' | 'Paid';

export interface OrdersTable {
  id: Generated<number>;
  order_code: string;
  user_id: number;
  shop_id: number;
  checkout_ref: string;
  coupon_id: number | null;
  coupon_code: string | null;
  quantity: number;
  /** Items' subtotal. */
  total_amount: number;
  delivery_charge: number;
  coupon_discount: number;
  tax_amount: number;
  /** = total_amount + delivery_charge + tax_amount - coupon_discount (a check constraint). */
  payable_amount: number;
  payment_method: string;
  payment_status: PaymentStatus;
  order_status: OrderStatus;
  note: string | null;
  /** JSON of the address snapshot. */
  address: string;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 025 (the console's refunds): none|pending|partial|refunded|failed. */
  refund_status: Generated<'none' | 'pending' | 'partial' | 'refunded' | 'failed'>;
  /** Migration 025: baisa given back so far. */
  refunded_amount: Generated<number>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  name: string;
  name_ar: string | null;
  thumbnail: string | null;
  brand: string | null;
  brand_ar: string | null;
  unit_id: number | null;
  unit_name: string | null;
  unit_name_ar: string | null;
  color_id: number | null;
  color_name: string | null;
  color_name_ar: string | null;
  color_code: string | null;
  color_price: number;
  size_id: number | null;
  size_name: string | null;
  size_price: number;
  regular_price: number;
  unit_price: number;
  quantity: number;
  line_total: number;
}

export interface OrderTaxesTable {
  id: Generated<number>;
  order_id: number;
  vat_tax_id: number | null;
  name: string;
  name_ar: string | null;
  rate_bp: number;
  amount: number;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  changed_by: 'customer' | 'seller' | 'system';
  created_at: string;
}

export interface CouponUsagesTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number | null;
  created_at: string;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  idem_key: string;
  request_hash: string;
  status: 'pending' | 'done';
  response_code: number | null;
  response_body: string | null;
  created_at: string;
}

/** An online payment of the orders sharing a checkout_ref. */
export interface PaymentsTable {
  id: Generated<number>;
  checkout_ref: string;
  user_id: number;
  gateway: string;
  session_id: string | null;
  /** Baisa: the sum of the orders' payable amounts. */
  amount: number;
  /** expired: cancelled or abandoned past UNPAID_ORDER_TIMEOUT_MIN, its orders withdrawn. */
  status: 'pending' | 'paid' | 'cancelled' | 'expired';
  /** Gateway pages opened after the first by Pay now (migration 032). */
  attempts: Generated<number>;
  /** When the placement's payment began (a Pay now keeps it: the withdrawal deadline counts from it). */
  created_at: string;
  updated_at: string;
}

export interface CommerceTables {
  payments: PaymentsTable;
  cart_items: CartItemsTable;
  collected_coupons: CollectedCouponsTable;
  vat_taxes: VatTaxesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_taxes: OrderTaxesTable;
  order_status_history: OrderStatusHistoryTable;
  coupon_usages: CouponUsagesTable;
  idempotency_keys: IdempotencyKeysTable;
}
