import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.order_details');

export default function OrderDetailsPage() {
  return <PagePlaceholder titleKey="page.order_details" />;
}
