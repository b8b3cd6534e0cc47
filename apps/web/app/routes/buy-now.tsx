import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.buy_now');

export default function BuyNowPage() {
  return <PagePlaceholder titleKey="page.buy_now" />;
}
