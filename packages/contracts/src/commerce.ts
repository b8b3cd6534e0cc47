import { z } from 'zod';
import { addressSchema, boolish } from './accounts';
import { queryInt } from './catalog';
import { envelope, getQuery } from './common';
import { cleanText } from './text';
import { orderStatuses, orderStatusKeys } from './constants';

// ---------------------------------------------------------------------------------------------------
// Cart, vouchers, checkout, orders (issue 16, API.md "Cart, vouchers, checkout, orders" and "Seller
// side"). Money: numbers in the default currency with its decimals (OMR: 3), computed from integer baisa.
// ---------------------------------------------------------------------------------------------------

/** An id in a JSON body: a positive whole number, or its digits as a string (forms send strings). */
export const bodyId = (label: string) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,10}$/)], {
      error: (iss) => (iss.input === undefined ? `The ${label} field is required.` : `The ${label} must be an integer.`),
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .int(`The ${label} must be an integer.`)
        .min(1, `The ${label} must be at least 1.`)
        .max(2_147_483_647, `The ${label} is invalid.`),
    );

/** An optional id where null, '' and 0 mean "none chosen". */
const optionalId = (label: string) =>
  z
    .union([bodyId(label), z.literal(''), z.literal(0), z.literal('0'), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : null));

/**
 * A list of shop ids: an array (or a comma-separated string) of up to 50 ids, at least `min` of them.
 */
const shopIdList = (min: 0 | 1) =>
  z
    .union(
      [
        z.array(bodyId('shop id')),
        z
          .string()
          .regex(/^\d{1,10}(,\d{1,10}){0,49}$/)
          .transform((s) => s.split(',').map(Number)),
      ],
      {
        error: (iss) =>
          iss.input === undefined ? 'The shop ids field is required.' : 'The shop ids must be a list of shop ids.',
      },
    )
    .pipe(z.array(z.number().int().min(1)).min(min, 'Please select at least one shop').max(50, 'Too many shops.'))
    .transform((ids) => [...new Set(ids)]);
const shopIds = shopIdList(1);

const couponCode = z
  .union([cleanText('coupon code').max(50, 'The coupon code may not be greater than 50 characters.'), z.null()])
  .optional()
  .transform((v) => (v ? v.toUpperCase() : null));

const isBuyNow = boolish.optional().default(false);

/** `order_status` in a query or body: a key (`on_the_way`) or a name (`On The Way`), any case. */
const orderStatusInput = z
  .string()
  .transform((s) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  )
  .pipe(z.enum(orderStatusKeys, { error: `The order status must be one of: ${orderStatuses.join(', ')}.` }));

// --- Cart -------------------------------------------------------------------------------------------

export const cartStoreBody = z.object({
  product_id: bodyId('product id'),
  quantity: z
    .union([z.number(), z.string().regex(/^\d{1,6}$/)], { error: 'The quantity must be a whole number.' })
    .optional()
    .default(1)
    .transform(Number)
    .pipe(z.number().int('The quantity must be a whole number.').min(1, 'The quantity must be at least 1.').max(10_000)),
  color: optionalId('color'),
  size: optionalId('size'),
  /** Accepted for compatibility; the product's own unit is used. */
  unit: z.unknown().optional(),
  is_buy_now: isBuyNow,
});
export type CartStoreBody = z.input<typeof cartStoreBody>;

/**
 * Increment, decrement and delete name a cart line by its product and, when the product has several
 * lines in the cart (different colours or sizes), its `color` and `size` (decision 018).
 */
export const cartLineBody = z.object({
  product_id: bodyId('product id'),
  color: optionalId('color'),
  size: optionalId('size'),
  is_buy_now: isBuyNow,
});
export type CartLineBody = z.input<typeof cartLineBody>;

export const cartQuery = getQuery(z.object({ is_buy_now: boolish.optional().default(false) }));

const optionSchema = z.object({ id: z.number().int(), name: z.string(), price: z.number() });
export const cartProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  brand: z.string().nullable(),
  /** One unit's regular price with the colour's and size's extra prices. */
  price: z.number(),
  /** One unit's price to pay when lower than `price` (flash sale, else discount); 0 when there is none. */
  discount_price: z.number(),
  discount_percentage: z.number().int(),
  quantity: z.number().int(),
  /** Stock on hand. */
  stock: z.number().int(),
  size: optionSchema.nullable(),
  color: optionSchema.extend({ color_code: z.string() }).nullable(),
  unit: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartShopSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_logo: z.string().nullable(),
  shop_rating: z.number(),
  shop_online: z.boolean(),
  products: z.array(cartProductSchema),
});
export type CartShop = z.infer<typeof cartShopSchema>;

export const cartSchema = z.object({
  /** The number of lines in the cart. */
  total: z.number().int(),
  cart_items: z.array(cartShopSchema),
  /** Lines dropped or reduced because stock or availability changed, or items not put back. */
  info: z.string().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;
export const cartResponseSchema = envelope(cartSchema);

// --- Vouchers -----------------------------------------------------------------------------------------

export const couponSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(['Percentage', 'Amount']),
  /** Percent when Percentage; an amount in the default currency when Amount. */
  discount: z.number(),
  min_order_amount: z.number(),
  max_discount_amount: z.number().nullable(),
  /**
   * The last moment the voucher can be used, as the original web client prints it ("28 January 2027 02:00",
   * Oman's time, in the request's language), or null; the instant (ISO 8601) is `validity_iso`.
   */
  validity: z.string().nullable(),
  validity_iso: z.string().nullable(),
  starts_at: z.string().nullable(),
  is_collected: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const vouchersQuery = getQuery(z.object({ shop_id: queryInt('shop id') }));
export const collectedVouchersQuery = getQuery(z.object({ shop_id: queryInt('shop id').optional() }));
export const vouchersResponseSchema = envelope(z.object({ coupons: z.array(couponSchema) }));
export const collectVoucherBody = z.object({ coupon_id: bodyId('coupon id') });

// --- Checkout ------------------------------------------------------------------------------------------

/**
 * `shop_ids` may be empty (issue 42): the original web client asks whenever its basket opens, with no shop
 * selected; the answer is then zero amounts and no items.
 */
export const checkoutBody = z.object({ shop_ids: shopIdList(0), coupon_code: couponCode, is_buy_now: isBuyNow });
export type CheckoutBody = z.input<typeof checkoutBody>;

export const vatTaxSchema = z.object({ id: z.number().int(), name: z.string(), percentage: z.number(), amount: z.number() });
export const amountsSchema = z.object({
  total_amount: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  order_tax_amount: z.number(),
  payable_amount: z.number(),
  all_vat_taxes: z.array(vatTaxSchema),
});
export type Amounts = z.infer<typeof amountsSchema>;

export const appliedCouponSchema = z.object({ id: z.number().int(), code: z.string(), discount: z.number() });
export const checkoutShopSchema = cartShopSchema.extend({
  amounts: amountsSchema,
  /** The voucher applied to this shop (a collected one, or the typed code), or null. */
  coupon: appliedCouponSchema.nullable(),
});
export const checkoutSchema = z.object({
  checkout: amountsSchema,
  /** True when a voucher applies to at least one selected shop. */
  apply_coupon: z.boolean(),
  checkout_items: z.array(checkoutShopSchema),
});
export type Checkout = z.infer<typeof checkoutSchema>;
export const checkoutResponseSchema = envelope(checkoutSchema);

// --- Orders ----------------------------------------------------------------------------------------------

const paymentMethod = cleanText('payment method', z.string({ error: 'The payment method field is required.' }))
  .min(1, 'The payment method field is required.')
  .max(30, 'The selected payment method is invalid.')
  .toLowerCase();

export const placeOrderBody = z.object({
  shop_ids: shopIds,
  address_id: bodyId('address id'),
  payment_method: paymentMethod,
  coupon_code: couponCode,
  note: z
    .union([cleanText('note').max(1000, 'The note may not be greater than 1000 characters.'), z.null()])
    .optional()
    .transform((v) => v || null),
  is_buy_now: isBuyNow,
  /**
   * What a typed `coupon_code` that cannot be used does (issue 42, decision 024): with `true` (our
   * storefront, which has shown the discounted amounts) the order is refused with 422 on `coupon_code`;
   * absent or `false` (the original web client) the code is left aside and the order placed without it, as
   * the original server did.
   */
  coupon_strict: boolish.optional().default(false),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

export const orderAddressSchema = addressSchema.omit({ id: true, is_default: true });
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  order_code: z.string(),
  shop_id: z.number().int(),
  /** Number of units. */
  quantity: z.number().int(),
  /** The payable amount. */
  amount: z.number(),
  payment_method: z.string(),
  payment_status: z.enum(['Unpaid', 'Paid']),
  order_status: z.enum(orderStatuses),
  created_at: z.string(),
  /** Display-ready date and time of placement (Oman time), e.g. "25 Nov, 2026 08:15 PM". */
  placed_at: z.string(),
  address: orderAddressSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const placeOrderResponseSchema = envelope(
  z.object({ order_payment_url: z.string().nullable(), orders: z.array(orderSummarySchema) }),
);
export type PlaceOrderAnswer = z.infer<typeof placeOrderResponseSchema>['data'];

export const statusWiseOrdersSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  confirm: z.number().int(),
  processing: z.number().int(),
  pickup: z.number().int(),
  on_the_way: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
});
export type StatusWiseOrders = z.infer<typeof statusWiseOrdersSchema>;

export const ordersQuery = getQuery(
  z.object({
    // `all` (the key of status_wise_orders' total) is the same as no filter.
    order_status: z.preprocess(
      (v) => (typeof v === 'string' && v.trim().toLowerCase() === 'all' ? undefined : v),
      orderStatusInput.optional(),
    ),
    page: queryInt('page', { max: 100_000 }).optional().default(1),
    per_page: queryInt('per page', { max: 100 }).optional().default(10),
  }),
);
export const ordersResponseSchema = envelope(
  z.object({ total: z.number().int(), status_wise_orders: statusWiseOrdersSchema, orders: z.array(orderSummarySchema) }),
);
export type OrdersAnswer = z.infer<typeof ordersResponseSchema>['data'];

/** The customer's own review of one line of an order (issue 39). */
export const ownReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  description: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  /** Until when its writer may still change it (ISO 8601), or null once that time is past. */
  editable_until: z.string().nullable(),
  photos: z.array(z.string()),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

export const orderItemSchema = z.object({
  /**
   * The product's id, as the original web client reads it (it links the product and reviews it by this id);
   * null when the product no longer exists. The line's own id is `line_id` (issue 42).
   */
  id: z.number().int().nullable(),
  /** The order line's id. */
  line_id: z.number().int(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  brand: z.string().nullable(),
  /** One unit's regular price with extras. */
  price: z.number(),
  /** One unit's price paid. */
  unit_price: z.number(),
  quantity: z.number().int(),
  total: z.number(),
  /**
   * The size's and the colour's names in the request's language, or null, as the original web client
   * prints them (issue 42, decision 024); the whole options are `size_detail` and `color_detail`.
   */
  size: z.string().nullable(),
  color: z.string().nullable(),
  size_detail: optionSchema.nullable(),
  color_detail: optionSchema.extend({ color_code: z.string() }).nullable(),
  unit: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The customer's review of this line's product from this order, or null (issue 39). */
  review: ownReviewSchema.nullable(),
  // The original web client's names (issue 42, decision 024).
  /** = quantity. */
  order_qty: z.number().int(),
  /** One unit's price paid (= unit_price). */
  discount_price: z.number(),
  /** The customer's rating of this line's product from this order (1-5), or null. */
  rating: z.number().int().nullable(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    rating: z.number(),
    /** The shop's address in the request's language, for the invoice (issue 39); null when it has none. */
    address: z.string().nullable(),
  }),
  customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  products: z.array(orderItemSchema),
  total_amount: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  order_tax_amount: z.number(),
  payable_amount: z.number(),
  taxes: z.array(vatTaxSchema),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  note: z.string().nullable(),
  paid_at: z.string().nullable(),
  status_history: z.array(z.object({ status: z.enum(orderStatuses), created_at: z.string(), placed_at: z.string() })),
  /** What the customer may do now (a pending order not paid online: a paid one is cancelled by the shop). */
  can_cancel: z.boolean(),
  /**
   * The payment's refund (issue 41): `due` once a paid order is cancelled and until all of it is given
   * back, then `refunded`; `none` otherwise.
   */
  refund_state: z.enum(['none', 'due', 'refunded']),
  /** Whether the customer may review its products now: the order was delivered (issue 39). */
  can_review: z.boolean(),
  /** Whether Pay now is offered: an online order still unpaid and not withdrawn (issue 39). */
  can_pay: z.boolean(),
  // The original web client's names (issue 42, decision 024).
  /** = order_tax_amount. */
  tax_amount: z.number(),
  /** = taxes. */
  all_vat_taxes: z.array(vatTaxSchema),
  /**
   * The day the order should arrive: placing day plus the longest time of the shop's estimated delivery
   * time ("2-3 days" → 3 days), as a display date in the request's language ("28 Nov 2026"); null when the
   * shop states none or the order is cancelled.
   */
  estimated_delivery_date: z.string().nullable(),
  /** The order's printable invoice: the web app's `/order-history/{id}/invoice`. */
  invoice_url: z.string(),
  /** A picture of the payment's receipt: null, this marketplace keeps none. */
  payment_receipt_url: z.string().nullable(),
  /** The payment's state in our words (= `payment_status` on the seller's and the console's answers). */
  payment_state: z.enum(['Unpaid', 'Paid']),
  /**
   * How the order is paid, as place-order takes it: `cash`, `bank` or a gateway's name (= `payment_method`
   * on the seller's and the console's answers).
   */
  payment_method_code: z.string(),
});
/** The seller's order (the seller centre) and the base of the console's: ours in `payment_status`/`payment_method`. */
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * The customer's order (`GET /order-details`, and the order `POST /orders/cancel` answers): the original web
 * client reads `payment_status` and `payment_method` there and prints them, so they carry its words (issue
 * 42, decision 024); ours are `payment_state` and `payment_method_code`, which our storefront reads.
 */
export const customerOrderDetailSchema = orderDetailSchema.extend({
  /** `Pending` until paid, then `Paid` (ours: `payment_state`). */
  payment_status: z.enum(['Pending', 'Paid']),
  /** `Cash Payment`, `Bank Transfer`, or the gateway's title, e.g. `Thawani Pay` (ours: `payment_method_code`). */
  payment_method: z.string(),
});
export type CustomerOrderDetail = z.infer<typeof customerOrderDetailSchema>;
export const customerOrderResponseSchema = envelope(z.object({ order: customerOrderDetailSchema }));

export const orderDetailsQuery = getQuery(z.object({ order_id: queryInt('order id') }));
export const orderResponseSchema = envelope(z.object({ order: orderDetailSchema }));
export const orderIdBody = z.object({ order_id: bodyId('order id') });

/**
 * POST /place-order/again (issue 42). Without `payment_method` (our storefront): the order's items go back
 * in the cart, answered as the cart. With it (the original web client): the order is placed again at once.
 */
export const orderAgainBody = z.object({
  order_id: bodyId('order id'),
  /** Blank is absent. */
  payment_method: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), paymentMethod.nullable().optional())
    .transform((v) => v ?? null),
});
export type OrderAgainBody = z.input<typeof orderAgainBody>;

/** The order placed again: the original's `{order_payment_url, order}`, plus ours (`orders`, `info`). */
export const orderAgainPlacedSchema = z.object({
  order_payment_url: z.string().nullable(),
  order: orderSummarySchema,
  orders: z.array(orderSummarySchema),
  /** Lines of the old order left out or reduced (gone, out of stock, less stock), or null. */
  info: z.string().nullable(),
});
export type OrderAgainPlaced = z.infer<typeof orderAgainPlacedSchema>;
export const orderAgainResponseSchema = z.union([envelope(orderAgainPlacedSchema), cartResponseSchema]);

/** POST /api/payment/retry {order_id} (Pay now, issue 39): where the customer pays the unpaid order. */
export const payAgainResponseSchema = envelope(z.object({ order_payment_url: z.string() }));
export type PayAgainAnswer = z.infer<typeof payAgainResponseSchema>['data'];

// --- Seller side ---------------------------------------------------------------------------------------------

export const sellerOrdersQuery = ordersQuery;
export const sellerOrderStatusBody = z.object({ order_status: orderStatusInput });
/** Addition (decision 023): the seller records that a bank transfer for the order has arrived. */
export const sellerOrderPaymentBody = z.object({
  payment_status: z.literal('Paid', {
    error: 'The payment status must be Paid: a transfer that has arrived is recorded, never taken back.',
  }),
});

// --- Payment (online) ----------------------------------------------------------------------------------

export const paymentStatusQuery = getQuery(
  z.object({
    session_id: cleanText('session id', z.string({ error: 'The session id field is required.' }))
      .min(1, 'The session id field is required.')
      .max(255),
  }),
);
export const paymentStatusResponseSchema = envelope(
  z.object({
    payment_status: z.enum(['pending', 'paid', 'cancelled']),
    orders: z.array(orderSummarySchema),
    /**
     * Addition (decision 023): while the payment is not made, when its unpaid orders are withdrawn
     * (placing time + UNPAID_ORDER_TIMEOUT_MIN); null once paid or withdrawn.
     */
    expires_at: z.string().nullable(),
  }),
);
export type PaymentStatusAnswer = z.infer<typeof paymentStatusResponseSchema>['data'];
