import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.support_ticket');

export default function SupportTicketPage() {
  return <PagePlaceholder titleKey="page.support_ticket" />;
}
