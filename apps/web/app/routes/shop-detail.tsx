import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.shop');

export default function ShopDetailPage() {
  return <PagePlaceholder titleKey="page.shop" />;
}
