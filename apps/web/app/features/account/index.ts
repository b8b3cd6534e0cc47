/** The account feature's public surface (decision 016): the address form that checkout's add-address modal reuses. */
export { AddressForm, emptyAddress } from './address-form';
/** Form primitives, the multipart caller and the Yes/Cancel dialog: the support screens use them too. */
export { AccountHeading, FieldShell, fieldErrorsOf, focusFirstError, SelectField, SubmitButton, TextField } from './form';
export type { FieldErrors } from './form';
export { apiForm } from './api';
export { ConfirmDialog } from './confirm-dialog';
export { TicketIcon } from './icons';
