import { CheckoutScreen } from '~/features/cart/checkout';
import { titleMeta } from '~/shared/page';

export const meta = titleMeta('page.buy_now');

export default function BuyNowPage() {
  return <CheckoutScreen buyNow />;
}
