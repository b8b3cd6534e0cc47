import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.dashboard');

export default function DashboardPage() {
  return <PagePlaceholder titleKey="page.dashboard" />;
}
