import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.support_tickets');

export default function SupportTicketsPage() {
  return <PagePlaceholder titleKey="page.support_tickets" />;
}
