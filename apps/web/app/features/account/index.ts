/**
 * The account feature's public surface (decision 016): the address form that checkout's add-address modal
 * reuses, the account pages' heading (the seller area and the support screens use it too), the customer's
 * JSON and multipart callers, the shape of a page's data or failure, and the ticket icon. Form fields and the Yes/Cancel dialog live in shared/ui.
 */
export { AddressForm, emptyAddress } from './address-form';
export { AccountHeading } from './heading';
export { LoadFailed } from './load-failed';
export { accountCall, apiForm, errorMessage, loadAccount, type PageData } from './api';
export { TicketIcon } from './icons';
