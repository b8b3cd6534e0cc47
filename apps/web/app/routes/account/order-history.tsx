import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.order_history');

export default function OrderHistoryPage() {
  return <PagePlaceholder titleKey="page.order_history" />;
}
