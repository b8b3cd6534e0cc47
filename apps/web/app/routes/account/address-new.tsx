import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.address_new');

export default function AddressNewPage() {
  return <PagePlaceholder titleKey="page.address_new" />;
}
