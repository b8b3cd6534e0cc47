import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.checkout');

export default function CheckoutPage() {
  return <PagePlaceholder titleKey="page.checkout" />;
}
