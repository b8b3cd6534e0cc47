/**
 * Constants of the operator console's support desk and customers (BACKOFFICE.md "Operator console"),
 * without zod, so the web app may import them (`@souq/contracts/admin-desk-constants`).
 */
export const ADMIN_TICKETS_PER_PAGE = 20;
export const ADMIN_CUSTOMERS_PER_PAGE = 20;
/** The most messages a ticket's page answers at once (the oldest beyond it are left out, and counted). */
export const ADMIN_TICKET_MESSAGES_MAX = 500;
export const ADMIN_SEARCH_MAX = 100;
