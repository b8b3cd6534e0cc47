import { useNavigate } from 'react-router';
import { AddressForm, emptyAddress, saveAddress } from '~/features/account/address-form';
import { AccountHeading } from '~/features/account/heading';
import { useT } from '~/shared/site';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/address-new';

export const meta = titleMeta('page.address_new');

/** Saves a new address (this form's, and checkout's add-address modal's). */
export const clientAction = ({ request }: Route.ClientActionArgs) => saveAddress(request);

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
