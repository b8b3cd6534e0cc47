import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { BagIcon } from '~/features/account/icons';
import { loadCustomerOrder, orderIdOf } from '~/features/orders/order-loader';
import { cancelOrder, orderAgain, payAgain, saveReview } from '~/features/orders/api';
import { lineOf } from '~/features/orders/lines';
import { LineReview, ReviewDialog } from '~/features/orders/review-dialog';
import { OrderBody } from '~/features/orders/order-view';
import { formatDateTime, StatusBadge } from '~/features/orders/status';
import { applyCart, cartStore } from '~/shared/cart-store';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { actionResult, formErrors, useSubmission, type ActionResult } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import { documentLocale } from '~/shared/i18n';
import type { Route } from './+types/order-details';

export const meta = titleMeta('page.order_details');

export const clientLoader = (args: Route.ClientLoaderArgs) => loadCustomerOrder(args);

type Done =
  | { intent: 'cancel' }
  | { intent: 'again'; info: string | null }
  | { intent: 'review'; changed: boolean }
  | { intent: 'pay'; url: string };

/** Cancel the order (while Pending), put its items back in the cart, or write or change a review. */
export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<ActionResult<Done>> {
  const form = await request.formData();
  const intent = form.get('intent');
  const id = orderIdOf(params.id) ?? 0;
  if (intent === 'review') {
    const reviewId = Number(form.get('review_id')) || null;
    try {
      await saveReview(
        {
          reviewId,
          orderId: id,
          productId: Number(form.get('product_id')),
          rating: Number(form.get('rating')),
          description: String(form.get('description') ?? ''),
          // A file input left empty sends one empty, nameless file.
          photos: form.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0),
        },
        documentLocale(),
      );
      return { ok: true, data: { intent: 'review', changed: reviewId !== null } };
    } catch (error) {
      // Under the stars or the text; anything else (already reviewed, past 30 days) as a toast.
      return { ok: false, errors: formErrors(error, { fields: ['rating', 'description', 'photos'] }) };
    }
  }
  return actionResult(async (): Promise<Done> => {
    if (intent === 'pay') return { intent: 'pay', url: await payAgain(id, documentLocale()) };
    if (intent === 'cancel') {
      await cancelOrder(id, documentLocale());
      return { intent: 'cancel' };
    }
    const res = await orderAgain(id, documentLocale());
    // The answer is the cart as it is now: the basket, the header's badge and the floating tab follow it.
    applyCart(res.cart);
    return { intent: 'again', info: res.cart.info ?? null };
  });
}

export function HydrateFallback() {
  return (
    <div aria-busy="true" data-testid="order-loading">
      <div className="skeleton ord-skel ord-skel--head" />
      <div className="skeleton ord-skel ord-skel--timeline" />
      <div className="skeleton ord-skel ord-skel--body" />
    </div>
  );
}

/** /order-history/:id: one of the customer's orders (another customer's is "not found"). */
export default function OrderDetailsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const fetcher = useFetcher<ActionResult<Done>>();
  const [confirming, setConfirming] = useState(false);
  /** The line (its `line_id`) whose review dialog is open. */
  const [reviewing, setReviewing] = useState<number | null>(null);
  const busy = fetcher.state !== 'idle' ? (fetcher.formData?.get('intent') as 'cancel' | 'again' | 'pay') : null;
  useSubmission(fetcher, {
    onDone(done) {
      if (done.intent === 'review') return;
      // To the gateway's page; the customer comes back to the payment return pages.
      if (done.intent === 'pay') return window.location.assign(done.url);
      if (done.intent === 'cancel') {
        setConfirming(false);
        toast.success(t('orders.cancelled_toast'));
        return;
      }
      if (done.info) toast.warning(t('orders.again_some_missing', { info: done.info }));
      else toast.success(t('orders.again_added'));
      cartStore.set({ ...cartStore.get(), open: true });
    },
  });

  if (!loaderData) return <HydrateFallback />;
  if (loaderData.error !== undefined) return <LoadFailed message={loaderData.error} />;
  const order = loaderData.data;
  if (!order) {
    return (
      <div className="acc-empty" data-testid="order-not-found">
        <span className="circle acc-empty__icon">
          <BagIcon size={36} />
        </span>
        <h1 className="acc-empty__title">{t('orders.not_found')}</h1>
        <p className="muted">{t('orders.not_found_text')}</p>
        <Link to="/order-history" className="btn btn-primary">
          {t('orders.back')}
        </Link>
      </div>
    );
  }
  const submit = (intent: 'cancel' | 'again' | 'pay') => fetcher.submit({ intent }, { method: 'post' });

  return (
    <div className="ord-details" data-testid="order-details">
      <Link to="/order-history" className="ord-back">
        {t('orders.back')}
      </Link>
      <AccountHeading
        title={
          <>
            {t('orders.order_n', { code: '' })}
            <bdi dir="ltr">{order.order_code}</bdi>
          </>
        }
      >
        <StatusBadge status={order.order_status} />
      </AccountHeading>
      <p className="muted acc-lead">
        {t('orders.placed_on', { date: formatDateTime(order.created_at, locale) })} · {t('orders.shop')}:{' '}
        <Link to={`/shops/${order.shop.id}`} className="ord-link">
          {order.shop.name}
        </Link>
      </p>

      <div className="ord-actions">
        {order.can_pay ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void submit('pay')}
            disabled={busy !== null}
            data-testid="order-pay-now"
          >
            {busy === 'pay' ? <span className="spinner" aria-hidden="true" /> : null}
            {t('orders.pay_now')}
          </button>
        ) : null}
        {order.can_cancel ? (
          <button
            type="button"
            className="btn acc-btn-danger-outline"
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
            data-testid="order-cancel"
          >
            {t('orders.cancel')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void submit('again')}
          disabled={busy !== null}
          data-testid="order-again"
        >
          {busy === 'again' ? <span className="spinner" aria-hidden="true" /> : null}
          {t('orders.order_again')}
        </button>
        <Link to={`/order-history/${order.id}/invoice`} className="btn" data-testid="order-invoice">
          {t('invoice.open')}
        </Link>
      </div>

      <OrderBody
        order={order}
        lineExtra={
          order.can_review
            ? (item) => (item.product_id ? <LineReview item={item} onOpen={() => setReviewing(item.line_id)} /> : null)
            : undefined
        }
      />
      <ReviewDialog item={lineOf(order, reviewing)} onClose={() => setReviewing(null)} />

      <ConfirmDialog
        open={confirming}
        title={t('orders.cancel_title')}
        busy={busy === 'cancel'}
        onConfirm={() => void submit('cancel')}
        onClose={() => setConfirming(false)}
        testId="cancel-dialog"
      >
        {t('orders.cancel_text', { code: order.order_code })}
      </ConfirmDialog>
    </div>
  );
}
