import type { Address } from '@souq/contracts';
import { useCallback, useState } from 'react';
import { AddressForm, emptyAddress } from '~/features/account';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';

function AddressCard({ address }: { address: Address }) {
  const { t, locale } = useSite();
  return (
    <div className="checkout-address" data-testid="checkout-address">
      <strong>
        {address.name} {address.is_default ? <span className="badge-soft">{t('checkout.default')}</span> : null}
      </strong>
      <span className="muted">
        <bdi dir="ltr">{address.phone}</bdi>
      </span>
      <span>
        {[address.flat_no, address.address_line, address.address_line2, address.area, address.post_code]
          .filter(Boolean)
          .join(locale === 'ar' ? '، ' : ', ')}
      </span>
    </div>
  );
}

/**
 * The delivery address (SPEC §4): the chosen one, a picker to change it, a modal to add one. The modal's
 * form posts to the new-address route's action; the checkout's loader then reads the addresses again.
 */
export function AddressSection({
  addresses,
  chosen,
  onChoose,
}: {
  addresses: Address[];
  chosen: Address | null;
  onChoose(id: number): void;
}) {
  const { t } = useSite();
  const [picking, setPicking] = useState(false);
  const [adding, setAdding] = useState(false);
  const close = useCallback(() => setPicking(false), []);
  const closeAdding = useCallback(() => setAdding(false), []);
  return (
    <section className="checkout-card" aria-labelledby="co-address">
      <div className="checkout-card__head">
        <h2 id="co-address">{t('checkout.address')}</h2>
        {addresses.length > 1 ? (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPicking(true)} data-testid="change-address">
            {t('checkout.change_address')}
          </button>
        ) : null}
      </div>
      {chosen ? <AddressCard address={chosen} /> : <p className="muted">{t('checkout.no_address')}</p>}
      <button type="button" className="checkout-link" onClick={() => setAdding(true)} data-testid="add-address">
        + {t('checkout.add_address')}
      </button>
      <Dialog open={adding} onClose={closeAdding} title={t('checkout.add_address')} testId="address-add">
        <AddressForm
          initial={{ ...emptyAddress, is_default: addresses.length === 0 }}
          onCancel={closeAdding}
          onSaved={(address) => {
            setAdding(false);
            onChoose(address.id);
          }}
        />
      </Dialog>
      <Dialog open={picking} onClose={close} title={t('checkout.choose_address')} testId="address-picker">
        <ul className="stack-list">
          {addresses.map((a) => (
            <li key={a.id}>
              <label className={a.id === chosen?.id ? 'address-choice is-selected' : 'address-choice'}>
                <input
                  type="radio"
                  name="address"
                  checked={a.id === chosen?.id}
                  onChange={() => {
                    onChoose(a.id);
                    setPicking(false);
                  }}
                />
                <AddressCard address={a} />
              </label>
            </li>
          ))}
        </ul>
      </Dialog>
    </section>
  );
}
