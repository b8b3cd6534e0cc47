import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.product');

export default function ProductDetailsPage() {
  return <PagePlaceholder titleKey="page.product" />;
}
