import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.change_password');

export default function ChangePasswordPage() {
  return <PagePlaceholder titleKey="page.change_password" />;
}
