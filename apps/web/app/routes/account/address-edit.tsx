import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.address_edit');

export default function AddressEditPage() {
  return <PagePlaceholder titleKey="page.address_edit" />;
}
