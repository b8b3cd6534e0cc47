import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.profile');

export default function ProfilePage() {
  return <PagePlaceholder titleKey="page.profile" />;
}
