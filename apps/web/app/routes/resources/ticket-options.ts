import { loadTicketOptions, ticketOptionsShouldRevalidate } from '~/features/support/support-data';

/** /resources/ticket-options: the issue types and the customer's latest orders, for the new-ticket dialog's fetcher. */
export const clientLoader = loadTicketOptions;
export const shouldRevalidate = ticketOptionsShouldRevalidate;
