import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.most_popular');

export default function MostPopularPage() {
  return <PagePlaceholder titleKey="page.most_popular" />;
}
