import { PaymentReturn } from '~/features/orders/payment-return';
import { titleMeta } from '~/shared/page';

const title = titleMeta('page.payment_cancel');
/** Where the payment gateway sends the customer who did not pay: a private page, not for search engines. */
export const meta = (args: Parameters<typeof title>[0]) => [...title(args), { name: 'robots', content: 'noindex, nofollow' }];

export default function PaymentCancelPage() {
  return <PaymentReturn kind="cancel" />;
}
