import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.shops');

export default function ShopsPage() {
  return <PagePlaceholder titleKey="page.shops" />;
}
