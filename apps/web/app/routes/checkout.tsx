import { CheckoutScreen } from '~/features/cart/checkout';
import { titleMeta } from '~/shared/page';

export const meta = titleMeta('page.checkout');

export default function CheckoutPage() {
  return <CheckoutScreen />;
}
