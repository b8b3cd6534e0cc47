import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.support');

export default function SupportPage() {
  return <PagePlaceholder titleKey="page.support" />;
}
