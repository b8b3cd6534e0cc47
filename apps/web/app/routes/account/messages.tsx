import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.messages');

export default function MessagesPage() {
  return <PagePlaceholder titleKey="page.messages" />;
}
