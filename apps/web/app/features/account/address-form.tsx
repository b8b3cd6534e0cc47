import type { Address } from '@souq/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { errorMessage, useAccountApi, type Envelope } from './api';
import { fieldErrorsOf, focusFirstError, SubmitButton, TextField, type FieldErrors } from './form';
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

/** The add and edit address form: POST /address/store or /address/{id}/update; server messages under the fields. */
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
  const call = useAccountApi();
  const [form, setForm] = useState<AddressFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof AddressFormValues>(key: K, value: AddressFormValues[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      const res = await call<Envelope<{ address: Address }>>(addressId ? `/address/${addressId}/update` : '/address/store', {
        method: 'POST',
        body: form,
      });
      toast.success(t(addressId ? 'account.address_updated' : 'account.address_added'));
      onSaved(res.data.address);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) {
        setErrors(fields);
        focusFirstError(formRef.current);
      } else toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const text = (key: Exclude<keyof AddressFormValues, 'address_type' | 'is_default'>) => ({
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: errors[key],
  });

  return (
    <form ref={formRef} className="acc-form" onSubmit={submit} noValidate data-testid="address-form">
      <div className="acc-grid">
        <TextField label={t('account.full_name')} autoComplete="name" required {...text('name')} />
        <TextField
          label={t('account.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
          {...text('phone')}
          onChange={(e) => set('phone', e.target.value.replace(/[^\d+]/g, ''))}
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
      <fieldset className="acc-field acc-radios">
        <legend className="acc-field__label">{t('account.address_type')}</legend>
        <div className="acc-radios__row">
          {ADDRESS_TYPES.map((type) => (
            <label key={type} className="acc-radio acc-radio--card">
              <input
                type="radio"
                name="address_type"
                value={type}
                checked={form.address_type === type}
                onChange={() => set('address_type', type)}
              />
              <AddressTypeIcon type={type} />
              <span>{t(`account.type_${type}`)}</span>
            </label>
          ))}
        </div>
        {errors.address_type ? (
          <p className="acc-field__error" data-testid="field-error">
            <bdi>{errors.address_type}</bdi>
          </p>
        ) : null}
      </fieldset>
      <label className="acc-check">
        <input
          type="checkbox"
          name="is_default"
          checked={form.is_default}
          onChange={(e) => set('is_default', e.target.checked)}
          data-testid="address-default"
        />
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
    </form>
  );
}
