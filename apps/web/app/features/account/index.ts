/** The account feature's public surface (decision 016): the address form that checkout's add-address modal reuses. */
export { AddressForm, emptyAddress } from './address-form';
/** The form primitives (label, field error, submit spinner) that the shop application form reuses. */
export { fieldErrorsOf, FieldShell, focusFirstError, SubmitButton, TextField, type FieldErrors } from './form';
