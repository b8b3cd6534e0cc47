import { z } from 'zod';
import { ADMIN_CUSTOMERS_PER_PAGE, ADMIN_SEARCH_MAX, ADMIN_TICKETS_PER_PAGE } from './admin-desk-constants';
import { queryInt } from './catalog';
import { envelope } from './common';
import { TICKET_STATUSES } from './constants';
import { supportTicketDetailSchema, supportTicketSchema, ticketMessageSchema } from './support';
import { cleanText } from './text';

// ---------------------------------------------------------------------------------------------------
// The operator console's support desk and customers (BACKOFFICE.md "Operator console"): every ticket,
// with or without an order, answered as the marketplace's support team; the customers' accounts.
// ---------------------------------------------------------------------------------------------------

const search = cleanText('search')
  .max(ADMIN_SEARCH_MAX, `The search field must not be greater than ${ADMIN_SEARCH_MAX} characters.`)
  .optional();

const listPaging = (perPage: number) => ({
  page: queryInt('page', { max: 100_000 }).optional().default(1),
  per_page: queryInt('per page', { max: 100 }).optional().default(perPage),
});

/** `GET /api/admin/support-tickets?status&search&page&per_page` (status `all` or absent: every status). */
export const adminTicketsQuery = z.object({
  status: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(['all', ...TICKET_STATUSES], { error: `The status must be one of: all, ${TICKET_STATUSES.join(', ')}.` }))
    .optional(),
  /** A ticket number, or words of its subject, or the customer's name, phone or e-mail. */
  search,
  ...listPaging(ADMIN_TICKETS_PER_PAGE),
});
export type AdminTicketsQuery = z.input<typeof adminTicketsQuery>;

const shopBrief = z.object({ id: z.number().int(), name: z.string() });

/** A ticket in the desk's list: the customer's list entry with its customer and the shop of its order. */
export const adminTicketSchema = supportTicketSchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string() }),
  shop: shopBrief.nullable(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketsSchema = z.object({
  total: z.number().int(),
  /** Counts by status of every ticket matching the search (whatever the status filter). */
  running: z.number().int(),
  completed: z.number().int(),
  cancel: z.number().int(),
  support_tickets: z.array(adminTicketSchema),
});
export type AdminTickets = z.infer<typeof adminTicketsSchema>;
export const adminTicketsResponseSchema = envelope(adminTicketsSchema);

/** The ticket on its page: what the customer's and the seller's pages show, and who closed it. */
export const adminTicketDetailSchema = supportTicketDetailSchema.extend({
  /** Who closed it: customer, seller or support; null while it runs. */
  closed_by: z.string().nullable(),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

/** The ticket's page: the ticket, its customer, its order (if any), and its conversation oldest first. */
export const adminTicketCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_active: z.boolean(),
});

export const adminTicketOrderSchema = z.object({
  id: z.number().int(),
  order_code: z.string(),
  order_status: z.string(),
  payment_status: z.string(),
  payment_method: z.string(),
  payable_amount: z.number(),
  created_at: z.string(),
  shop: shopBrief,
});

export const adminTicketPageSchema = z.object({
  support_ticket: adminTicketDetailSchema,
  customer: adminTicketCustomerSchema,
  order: adminTicketOrderSchema.nullable(),
  /** Every message, oldest first (at most ADMIN_TICKET_MESSAGES_MAX, the newest). */
  messages: z.array(ticketMessageSchema),
  messages_total: z.number().int(),
});
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;
export const adminTicketPageResponseSchema = envelope(adminTicketPageSchema);

/** `POST /api/admin/support-tickets/{ticket_number}/messages` text field (multipart with `attachments`, or JSON). */
export { sellerTicketMessageBody as adminTicketMessageBody } from './support';
export const adminTicketMessageResponseSchema = envelope(z.object({ message: ticketMessageSchema }));

/** `POST /api/admin/support-tickets/{ticket_number}/status {status}`: any status (a closed ticket may be reopened). */
export const adminTicketStatusBody = z.object({
  status: z
    .string({ error: 'The status field is required.' })
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(TICKET_STATUSES, { error: `The status must be one of: ${TICKET_STATUSES.join(', ')}.` })),
});
export type AdminTicketStatusBody = z.input<typeof adminTicketStatusBody>;
export const adminTicketResponseSchema = envelope(z.object({ support_ticket: adminTicketDetailSchema }));

// --- Customers -----------------------------------------------------------------------------------------

/** `GET /api/admin/customers?search&page&per_page`: search by name, phone or e-mail. */
export const adminCustomersQuery = z.object({ search, ...listPaging(ADMIN_CUSTOMERS_PER_PAGE) });
export type AdminCustomersQuery = z.input<typeof adminCustomersQuery>;

export const adminCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  orders_count: z.number().int(),
  created_at: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomersSchema = z.object({ total: z.number().int(), customers: z.array(adminCustomerSchema) });
export type AdminCustomers = z.infer<typeof adminCustomersSchema>;
export const adminCustomersResponseSchema = envelope(adminCustomersSchema);
export const adminCustomerResponseSchema = envelope(z.object({ customer: adminCustomerSchema }));
