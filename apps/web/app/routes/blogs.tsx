import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.blogs');

export default function BlogsPage() {
  return <PagePlaceholder titleKey="page.blogs" />;
}
