/**
 * The support feature's public surface: the ticket list and ticket pages that the customer's account
 * and the seller area both show, each with its own calls and words.
 */
export { TicketListBody, TicketScreen, useRouteTicket, useTicketListPage, type TicketApi } from './ticket-screens';
export type { TicketMessagesCall, TicketsQuery } from './api';
