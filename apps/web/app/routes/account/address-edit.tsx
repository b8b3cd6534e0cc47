import { Link, useNavigate } from 'react-router';
import { errorMessage, useAccountQuery, type AddressesData } from '~/features/account/api';
import { AddressForm, valuesOf } from '~/features/account/address-form';
import { AccountHeading } from '~/features/account/form';
import { useT } from '~/shared/site';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/address-edit';

export const meta = titleMeta('page.address_edit');

/** There is no single-address call: the address comes from the list (another user's id is not in it). */
export default function AddressEditPage({ params }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const query = useAccountQuery<AddressesData>('/addresses');
  const id = Number(params.id);
  const address = query.data?.addresses.find((a) => a.id === id);

  return (
    <div data-testid="address-edit-page">
      <AccountHeading title={t('page.address_edit')} />
      {query.error && !query.data ? (
        <p className="acc-error" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : !query.data ? (
        <div className="skeleton" style={{ height: 360 }} aria-busy="true" />
      ) : !address ? (
        <div className="acc-empty">
          <p>{t('account.address_not_found')}</p>
          <Link to="/manage-address" className="btn">
            {t('account.back_to_addresses')}
          </Link>
        </div>
      ) : (
        <AddressForm
          key={address.id}
          initial={valuesOf(address)}
          addressId={address.id}
          onSaved={() => navigate('/manage-address')}
          onCancel={() => navigate('/manage-address')}
        />
      )}
    </div>
  );
}
