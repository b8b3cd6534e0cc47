import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.home');

export default function HomePage() {
  return <PagePlaceholder titleKey="page.home" />;
}
