import { CheckoutLoading, CheckoutScreen } from '~/features/cart/checkout';
import { checkoutAction, checkoutShouldRevalidate, loadCheckout } from '~/features/cart/checkout-data';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/buy-now';

export const meta = titleMeta('page.buy_now');

/** Buy now's product is read on each visit (a buy now of another product, or its line added again, comes here again). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadCheckout(request, true);
export const clientAction = ({ request }: Route.ClientActionArgs) => checkoutAction(request, true);
export const shouldRevalidate = checkoutShouldRevalidate;

export function HydrateFallback() {
  return <CheckoutLoading buyNow />;
}

export default function BuyNowPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutScreen data={loaderData} buyNow />;
}
