import type { Address } from '@souq/contracts';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { accountCall, loadAccount, type AddressesData } from '~/features/account/api';
import { AddressTypeIcon, JoinedParts } from '~/features/account/address-type';
import { AccountHeading } from '~/features/account/heading';
import { EditIcon, PinIcon, PlusIcon, StarIcon, TrashIcon } from '~/features/account/icons';
import { LoadFailed } from '~/features/account/load-failed';
import { useSite, useT } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { actionResult, useSubmission, type ActionResult } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/addresses';

export const meta = titleMeta('page.addresses');

/** Default first, then the rest in the server's order. */
function sorted(list: Address[]): Address[] {
  return [...list].sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAccount(() => accountCall<AddressesData>('/addresses', { signal: request.signal }));

/** Make an address the default one, or delete it; the list is loaded again after either. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult<'default' | 'delete'>> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = form.get('intent') === 'delete' ? 'delete' : 'default';
  return actionResult(async () => {
    if (intent === 'delete') await accountCall(`/address/${id}/delete`, { method: 'DELETE' });
    else await accountCall(`/address/${id}/update`, { method: 'POST', body: { is_default: true } });
    return intent;
  });
}

function Skeleton() {
  return (
    <div className="acc-addresses grid-cols" aria-busy="true">
      <div className="skeleton" style={{ height: 150 }} />
      <div className="skeleton" style={{ height: 150 }} />
    </div>
  );
}

export function HydrateFallback() {
  const t = useT();
  return (
    <div data-testid="addresses-page">
      <AccountHeading title={t('account.addresses')} />
      <Skeleton />
    </div>
  );
}

export default function AddressesPage({ loaderData: loaded }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const fetcher = useFetcher<ActionResult<'default' | 'delete'>>();
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const sep = locale === 'ar' ? '، ' : ', ';
  const pending = fetcher.state !== 'idle' ? fetcher.formData : undefined;
  const busyId = pending ? Number(pending.get('id')) : null;
  const deleting = pending?.get('intent') === 'delete';
  useSubmission(fetcher, {
    onDone(intent) {
      toast.success(t(intent === 'delete' ? 'account.address_deleted' : 'account.default_set'));
      if (intent === 'delete') setToDelete(null);
    },
  });
  const submit = (intent: 'default' | 'delete', a: Address) => fetcher.submit({ intent, id: a.id }, { method: 'post' });

  const list = loaded?.data ? sorted(loaded.data.addresses) : [];

  return (
    <div data-testid="addresses-page">
      <AccountHeading title={t('account.addresses')}>
        {list.length ? (
          <Link to="/manage-address/new" className="btn btn-primary btn-sm" data-testid="address-add">
            <PlusIcon size={18} /> {t('account.add_address')}
          </Link>
        ) : null}
      </AccountHeading>

      {loaded?.error !== undefined ? (
        <LoadFailed message={loaded.error} />
      ) : !loaded ? (
        <Skeleton />
      ) : list.length === 0 ? (
        <div className="acc-empty" data-testid="addresses-empty">
          <span className="circle acc-empty__icon">
            <PinIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{t('account.no_addresses')}</h2>
          <p className="muted">{t('account.no_addresses_text')}</p>
          <Link to="/manage-address/new" className="btn btn-primary" data-testid="address-add">
            <PlusIcon size={18} /> {t('account.add_address')}
          </Link>
        </div>
      ) : (
        <ul className="acc-addresses grid-cols" data-testid="address-list">
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
                    onClick={() => void submit('default', a)}
                    disabled={busyId !== null}
                    data-testid="address-make-default"
                  >
                    {busyId === a.id && !deleting ? <span className="spinner" aria-hidden="true" /> : <StarIcon size={16} />}
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
        onConfirm={() => toDelete && void submit('delete', toDelete)}
        onClose={() => !deleting && setToDelete(null)}
        testId="address-delete-dialog"
      >
        {t('account.delete_address_confirm')}
      </ConfirmDialog>
    </div>
  );
}
