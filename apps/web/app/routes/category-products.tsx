import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.category');

export default function CategoryProductsPage() {
  return <PagePlaceholder titleKey="page.category" />;
}
