import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.products');

export default function ProductsPage() {
  return <PagePlaceholder titleKey="page.products" />;
}
