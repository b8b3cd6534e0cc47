import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.addresses');

export default function AddressesPage() {
  return <PagePlaceholder titleKey="page.addresses" />;
}
