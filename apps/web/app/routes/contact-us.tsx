import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.contact_us');

export default function ContactUsPage() {
  return <PagePlaceholder titleKey="page.contact_us" />;
}
