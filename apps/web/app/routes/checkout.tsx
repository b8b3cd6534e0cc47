import { CheckoutLoading, CheckoutScreen } from '~/features/cart/checkout';
import { checkoutAction, checkoutShouldRevalidate, loadCheckout } from '~/features/cart/checkout-data';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/checkout';

export const meta = titleMeta('page.checkout');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadCheckout(request, false);
export const clientAction = ({ request }: Route.ClientActionArgs) => checkoutAction(request, false);
export const shouldRevalidate = checkoutShouldRevalidate;

export function HydrateFallback() {
  return <CheckoutLoading buyNow={false} />;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutScreen data={loaderData} />;
}
