import { useNavigate } from 'react-router';
import { AddressForm, emptyAddress } from '~/features/account/address-form';
import { AccountHeading } from '~/features/account/form';
import { useT } from '~/shared/site';
import { titleMeta } from '~/shared/page';

export const meta = titleMeta('page.address_new');

export default function AddressNewPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div data-testid="address-new-page">
      <AccountHeading title={t('page.address_new')} />
      <AddressForm
        initial={emptyAddress}
        onSaved={() => navigate('/manage-address')}
        onCancel={() => navigate('/manage-address')}
      />
    </div>
  );
}
