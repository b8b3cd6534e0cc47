import type {
  Cart,
  CustomerOrderDetail,
  Envelope,
  OrdersAnswer,
  OrderStatusKey,
  PaymentStatusAnswer,
  PayAgainAnswer,
  ProductReviewAnswer,
} from '@souq/contracts';
import { api, apiMultipart } from '~/shared/api';
import { clearAuth, sessionToken } from '~/shared/auth-store';
import { notifyUnauthorized } from '~/shared/unauthorized';

/**
 * The customer's order calls (API.md "Cart, vouchers, checkout, orders"), each with the signed-in
 * customer's Bearer token. A 401 clears the session (shared/api.ts tells the auth store).
 */

/** The saved session's token also while the page hydrates (the account pages' loaders run then). */
const token = sessionToken;

export interface OrdersQuery {
  status?: OrderStatusKey | null;
  page?: number;
  perPage?: number;
}

export async function fetchOrders(q: OrdersQuery, locale: string, signal?: AbortSignal): Promise<OrdersAnswer> {
  const res = await api<Envelope<OrdersAnswer>>('/orders', {
    query: { order_status: q.status ?? undefined, page: q.page ?? 1, per_page: q.perPage ?? 10 },
    locale,
    token: token(),
    signal,
  });
  return res.data;
}

/**
 * The customer's order. Its `payment_status`/`payment_method` are the original web client's words (decision
 * 024): our screens read `payment_state` and `payment_method_code`.
 */
export async function fetchOrder(id: number, locale: string, signal?: AbortSignal): Promise<CustomerOrderDetail> {
  const res = await api<Envelope<{ order: CustomerOrderDetail }>>('/order-details', {
    query: { order_id: id },
    locale,
    token: token(),
    signal,
  });
  return res.data.order;
}

/** Cancels a Pending order; answers the order as it now is. */
export async function cancelOrder(id: number, locale: string): Promise<{ message: string; order: CustomerOrderDetail }> {
  const res = await api<Envelope<{ order: CustomerOrderDetail }>>('/orders/cancel', {
    method: 'POST',
    body: { order_id: id },
    locale,
    token: token(),
  });
  return { message: res.message ?? '', order: res.data.order };
}

/** Puts the order's still-available items back in the cart; `info` names those that were not. */
export async function orderAgain(id: number, locale: string): Promise<{ message: string; cart: Cart }> {
  const res = await api<Envelope<Cart>>('/place-order/again', { method: 'POST', body: { order_id: id }, locale, token: token() });
  return { message: res.message ?? '', cart: res.data };
}

/**
 * GET /payment/status: a placement's online payment (the server asks the gateway while it is pending) and
 * its orders, for the payment return pages. `sessionId` is the reference in the return address.
 */
export async function fetchPaymentStatus(sessionId: string, locale: string, signal?: AbortSignal): Promise<PaymentStatusAnswer> {
  const res = await api<Envelope<PaymentStatusAnswer>>('/payment/status', {
    query: { session_id: sessionId },
    locale,
    token: token(),
    signal,
  });
  return res.data;
}

/**
 * Writes the customer's review of a product of a delivered order (with its photos: multipart), or
 * changes it (`reviewId`: rating and text).
 */
export async function saveReview(
  review: { reviewId: number | null; orderId: number; productId: number; rating: number; description: string; photos: File[] },
  locale: string,
): Promise<ProductReviewAnswer> {
  const body = { rating: review.rating, description: review.description };
  if (!review.reviewId && review.photos.length) {
    const form = new FormData();
    form.set('product_id', String(review.productId));
    form.set('order_id', String(review.orderId));
    form.set('rating', String(review.rating));
    form.set('description', review.description);
    for (const photo of review.photos) form.append('photos', photo);
    const res = await apiMultipart<Envelope<ProductReviewAnswer>>('/product-review', form, {
      locale,
      token: token(),
      // As every signed-in call: a 401 ends the session here too.
      onUnauthorized() {
        clearAuth();
        notifyUnauthorized();
      },
    });
    return res.data;
  }
  const res = review.reviewId
    ? await api<Envelope<ProductReviewAnswer>>(`/product-review/${review.reviewId}`, {
        method: 'PUT',
        body,
        locale,
        token: token(),
      })
    : await api<Envelope<ProductReviewAnswer>>('/product-review', {
        method: 'POST',
        body: { ...body, product_id: review.productId, order_id: review.orderId },
        locale,
        token: token(),
      });
  return res.data;
}

/** Pay now: the gateway's page where the unpaid online order can still be paid (issue 39). */
export async function payAgain(orderId: number, locale: string): Promise<string> {
  const res = await api<Envelope<PayAgainAnswer>>('/payment/retry', {
    method: 'POST',
    body: { order_id: orderId },
    locale,
    token: token(),
  });
  return res.data.order_payment_url;
}
