import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.blog');

export default function BlogDetailsPage() {
  return <PagePlaceholder titleKey="page.blog" />;
}
