import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountCall, loadAccount, type AddressesData } from '~/features/account/api';
import { AddressForm, saveAddress, valuesOf } from '~/features/account/address-form';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { useT } from '~/shared/site';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/address-edit';

export const meta = titleMeta('page.address_edit');

/** There is no single-address call: the address comes from the list (another user's id is not in it). */
export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) =>
  loadAccount(async () => {
    const list = await accountCall<AddressesData>('/addresses', { signal: request.signal });
    return list.addresses.find((a) => a.id === Number(params.id)) ?? null;
  });

export const clientAction = ({ request, params }: Route.ClientActionArgs) => saveAddress(request, Number(params.id));

function Frame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div data-testid="address-edit-page">
      <AccountHeading title={t('page.address_edit')} />
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Frame>
      <div className="skeleton" style={{ height: 360 }} aria-busy="true" />
    </Frame>
  );
}

export default function AddressEditPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  if (!loaderData) return <HydrateFallback />;
  if (loaderData.error !== undefined)
    return (
      <Frame>
        <LoadFailed message={loaderData.error} />
      </Frame>
    );
  const address = loaderData.data;
  return (
    <Frame>
      {!address ? (
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
    </Frame>
  );
}
