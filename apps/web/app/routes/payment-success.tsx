import { cancelUnpaid, loadPaymentReturn, PaymentReturn, PaymentReturnLoading } from '~/features/orders/payment-return';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/payment-success';

const title = titleMeta('page.payment_success');
/** Where the payment gateway sends the customer after paying: a private page, not for search engines. */
export const meta = (args: Parameters<typeof title>[0]) => [...title(args), { name: 'robots', content: 'noindex, nofollow' }];

export const clientLoader = loadPaymentReturn;
export const clientAction = cancelUnpaid;

export function HydrateFallback() {
  return <PaymentReturnLoading kind="success" />;
}

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  return <PaymentReturn kind="success" data={loaderData} />;
}
