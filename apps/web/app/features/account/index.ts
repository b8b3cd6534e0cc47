/** The account feature's public surface (decision 016): the address form that checkout's add-address modal reuses. */
export { AddressForm, emptyAddress } from './address-form';
