import type { Address } from '@souq/contracts';
import { useRef } from 'react';
import { useFetcher } from 'react-router';
import { useSite } from '~/shared/site';
import { actionResult, ChoiceGroup, SubmitButton, TextField, useSubmission, type ActionResult } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import { accountCall } from './api';
import { ADDRESS_TYPES, AddressTypeIcon } from './address-type';

export interface AddressFormValues {
  name: string;
  phone: string;
  area: string;
  flat_no: string;
  address_type: Address['address_type'];
  address_line: string;
  address_line2: string;
  post_code: string;
  is_default: boolean;
}

export const emptyAddress: AddressFormValues = {
  name: '',
  phone: '',
  area: '',
  flat_no: '',
  address_type: 'home',
  address_line: '',
  address_line2: '',
  post_code: '',
  is_default: false,
};

export const valuesOf = (a: Address): AddressFormValues => ({
  name: a.name,
  phone: a.phone,
  area: a.area ?? '',
  flat_no: a.flat_no ?? '',
  address_type: a.address_type,
  address_line: a.address_line,
  address_line2: a.address_line2 ?? '',
  post_code: a.post_code ?? '',
  is_default: a.is_default,
});

const TEXT_FIELDS = ['name', 'phone', 'area', 'flat_no', 'address_line', 'address_line2', 'post_code'] as const;

/** Where the form posts: the client action of the add or the edit address route. */
const actionOf = (id?: number) => (id ? `/manage-address/${id}/edit` : '/manage-address/new');

/**
 * The client action of /manage-address/new and /manage-address/:id/edit (checkout's add-address modal
 * posts to the first): POST /address/store or /address/{id}/update with the form's fields.
 */
export async function saveAddress(request: Request, id?: number): Promise<ActionResult<Address>> {
  const form = await request.formData();
  const body: Record<string, string | boolean> = {};
  for (const key of TEXT_FIELDS) body[key] = String(form.get(key) ?? '');
  body.address_type = String(form.get('address_type') ?? 'home');
  body.is_default = form.has('is_default');
  return actionResult(async () => {
    const res = await accountCall<{ address: Address }>(id ? `/address/${id}/update` : '/address/store', {
      method: 'POST',
      body,
    });
    return res.address;
  });
}

/** The add and edit address form; the server's messages under the fields. */
export function AddressForm({
  initial,
  addressId,
  onSaved,
  onCancel,
}: {
  initial: AddressFormValues;
  addressId?: number;
  onSaved(address: Address): void;
  onCancel(): void;
}) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<Address>>();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone(address) {
      toast.success(t(addressId ? 'account.address_updated' : 'account.address_added'));
      onSaved(address);
    },
  });

  const text = (key: (typeof TEXT_FIELDS)[number]) => ({
    name: key,
    defaultValue: initial[key],
    onChange: () => clear(key),
    error: errors[key],
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={actionOf(addressId)}
      className="acc-form"
      noValidate
      data-testid="address-form"
    >
      <div className="acc-grid grid-cols">
        <TextField label={t('account.full_name')} autoComplete="name" required {...text('name')} />
        <TextField
          label={t('account.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
          {...text('phone')}
          onChange={(e) => {
            e.target.value = e.target.value.replace(/[^\d+]/g, '');
            clear('phone');
          }}
        />
        <TextField label={t('account.area')} autoComplete="address-level2" {...text('area')} />
        <TextField label={t('account.flat_no')} {...text('flat_no')} />
        <TextField
          label={t('account.address_line')}
          autoComplete="address-line1"
          required
          fieldClassName="acc-grid__wide"
          {...text('address_line')}
        />
        <TextField
          label={t('account.address_line2')}
          autoComplete="address-line2"
          fieldClassName="acc-grid__wide"
          {...text('address_line2')}
        />
        <TextField label={t('account.post_code')} autoComplete="postal-code" dir="ltr" {...text('post_code')} />
      </div>
      <ChoiceGroup legend={t('account.address_type')} error={errors.address_type}>
        {ADDRESS_TYPES.map((type) => (
          <label key={type} className="acc-radio acc-radio--card">
            <input
              type="radio"
              name="address_type"
              value={type}
              defaultChecked={initial.address_type === type}
              onChange={() => clear('address_type')}
            />
            <AddressTypeIcon type={type} />
            <span>{t(`account.type_${type}`)}</span>
          </label>
        ))}
      </ChoiceGroup>
      <label className="acc-check">
        <input type="checkbox" name="is_default" defaultChecked={initial.is_default} data-testid="address-default" />
        <span>{t('account.make_default')}</span>
      </label>
      <div className="acc-form__actions">
        <SubmitButton busy={busy} testId="address-save">
          {t(addressId ? 'account.save_changes' : 'account.save_address')}
        </SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </fetcher.Form>
  );
}
