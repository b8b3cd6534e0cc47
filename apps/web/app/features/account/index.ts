/**
 * The account feature's public surface (decision 016): the address form that checkout's add-address modal
 * reuses, the account pages' heading (the seller area and the support screens use it too), the multipart
 * caller and the ticket icon. Form fields and the Yes/Cancel dialog live in shared/ui.
 */
export { AddressForm, emptyAddress } from './address-form';
export { AccountHeading } from './heading';
export { apiForm } from './api';
export { TicketIcon } from './icons';
