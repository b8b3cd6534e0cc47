import { cancelUnpaid, loadPaymentReturn, PaymentReturn, PaymentReturnLoading } from '~/features/orders/payment-return';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/payment-cancel';

const title = titleMeta('page.payment_cancel');
/** Where the payment gateway sends the customer who did not pay: a private page, not for search engines. */
export const meta = (args: Parameters<typeof title>[0]) => [...title(args), { name: 'robots', content: 'noindex, nofollow' }];

export const clientLoader = loadPaymentReturn;
export const clientAction = cancelUnpaid;

export function HydrateFallback() {
  return <PaymentReturnLoading kind="cancel" />;
}

export default function PaymentCancelPage({ loaderData }: Route.ComponentProps) {
  return <PaymentReturn kind="cancel" data={loaderData} />;
}
