import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.categories');

export default function CategoriesPage() {
  return <PagePlaceholder titleKey="page.categories" />;
}
