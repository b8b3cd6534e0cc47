import { PaymentReturn } from '~/features/orders/payment-return';
import { titleMeta } from '~/shared/page';

const title = titleMeta('page.payment_success');
/** Where the payment gateway sends the customer after paying: a private page, not for search engines. */
export const meta = (args: Parameters<typeof title>[0]) => [...title(args), { name: 'robots', content: 'noindex, nofollow' }];

export default function PaymentSuccessPage() {
  return <PaymentReturn kind="success" />;
}
