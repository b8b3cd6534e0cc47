import type { Address } from '@souq/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, useAccountApi, useAccountQuery, type AddressesData, type Envelope } from '~/features/account/api';
import { AddressTypeIcon } from '~/features/account/address-type';
import { ConfirmDialog } from '~/features/account/confirm-dialog';
import { AccountHeading, JoinedParts } from '~/features/account/form';
import { EditIcon, PinIcon, PlusIcon, StarIcon, TrashIcon } from '~/features/account/icons';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { titleMeta } from '~/shared/page';

export const meta = titleMeta('page.addresses');

/** Default first, then the rest in the server's order. */
function sorted(list: Address[]): Address[] {
  return [...list].sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

export default function AddressesPage() {
  const { t, locale } = useSite();
  const call = useAccountApi();
  const query = useAccountQuery<AddressesData>('/addresses');
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const sep = locale === 'ar' ? '، ' : ', ';

  const makeDefault = async (a: Address) => {
    setBusyId(a.id);
    try {
      await call<Envelope<unknown>>(`/address/${a.id}/update`, { method: 'POST', body: { is_default: true } });
      toast.success(t('account.default_set'));
      await query.reload();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await call<Envelope<unknown>>(`/address/${toDelete.id}/delete`, { method: 'DELETE' });
      toast.success(t('account.address_deleted'));
      setToDelete(null);
      await query.reload();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setDeleting(false);
    }
  };

  const list = query.data ? sorted(query.data.addresses) : [];

  return (
    <div data-testid="addresses-page">
      <AccountHeading title={t('account.addresses')}>
        {list.length ? (
          <Link to="/manage-address/new" className="btn btn-primary btn-sm" data-testid="address-add">
            <PlusIcon size={18} /> {t('account.add_address')}
          </Link>
        ) : null}
      </AccountHeading>

      {query.error && !query.data ? (
        <div className="acc-empty">
          <p className="acc-error" role="alert">
            {errorMessage(query.error)}
          </p>
          <button type="button" className="btn" onClick={() => void query.reload()}>
            {t('account.retry')}
          </button>
        </div>
      ) : !query.data ? (
        <div className="acc-addresses" aria-busy="true">
          <div className="skeleton" style={{ height: 150 }} />
          <div className="skeleton" style={{ height: 150 }} />
        </div>
      ) : list.length === 0 ? (
        <div className="acc-empty" data-testid="addresses-empty">
          <span className="acc-empty__icon">
            <PinIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{t('account.no_addresses')}</h2>
          <p className="muted">{t('account.no_addresses_text')}</p>
          <Link to="/manage-address/new" className="btn btn-primary" data-testid="address-add">
            <PlusIcon size={18} /> {t('account.add_address')}
          </Link>
        </div>
      ) : (
        <ul className="acc-addresses" data-testid="address-list">
          {list.map((a) => (
            <li key={a.id} className={`acc-address${a.is_default ? ' is-default' : ''}`} data-testid="address-card">
              <div className="acc-address__head">
                <span className="acc-address__type">
                  <AddressTypeIcon type={a.address_type} />
                  {t(`account.type_${a.address_type}`)}
                </span>
                {a.is_default ? (
                  <span className="acc-pill" data-testid="default-badge">
                    {t('account.default')}
                  </span>
                ) : null}
              </div>
              <p className="acc-address__name">{a.name}</p>
              <p className="acc-address__line">
                <bdi dir="ltr">{a.phone}</bdi>
              </p>
              <p className="acc-address__line">
                <JoinedParts parts={[a.flat_no, a.address_line, a.address_line2, a.area, a.post_code]} separator={sep} />
              </p>
              <div className="acc-address__actions">
                <Link
                  to={`/manage-address/${a.id}/edit`}
                  className="btn btn-sm"
                  aria-label={`${t('account.edit')}: ${a.name}`}
                  data-testid="address-edit"
                >
                  <EditIcon size={16} /> {t('account.edit')}
                </Link>
                {!a.is_default ? (
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => void makeDefault(a)}
                    disabled={busyId !== null}
                    data-testid="address-make-default"
                  >
                    {busyId === a.id ? <span className="spinner" aria-hidden="true" /> : <StarIcon size={16} />}
                    {t('account.set_default')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-sm acc-btn-danger-outline"
                  onClick={() => setToDelete(a)}
                  aria-label={`${t('account.delete')}: ${a.name}`}
                  data-testid="address-delete"
                >
                  <TrashIcon size={16} /> {t('account.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('account.delete_address')}
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => !deleting && setToDelete(null)}
        testId="address-delete-dialog"
      >
        {t('account.delete_address_confirm')}
      </ConfirmDialog>
    </div>
  );
}
