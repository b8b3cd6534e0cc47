/**
 * The support feature's public surface: the ticket list and ticket pages that the customer's account
 * and the seller area both show, each with its own calls and words, and the shape of one side's calls.
 */
export { TicketListBody, TicketScreen } from './ticket-screens';
export type { TicketCalls, TicketsQuery } from './api';
