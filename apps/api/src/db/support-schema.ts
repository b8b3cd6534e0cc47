import type { Generated } from 'kysely';

/** Tables of migration 010 (support, decision 021). */

export interface TicketIssueTypesTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  is_active: Generated<number>;
  sort: Generated<number>;
}

export type TicketStatus = 'running' | 'completed' | 'cancel';
export type TicketSender = 'customer' | 'seller' | 'support';

export interface SupportTicketsTable {
  id: Generated<number>;
  ticket_no: string;
  user_id: number;
  issue_type_id: number | null;
  /** The customer's order the ticket is about, its code and its shop (whose seller answers); null: none. */
  order_id: number | null;
  order_code: string | null;
  shop_id: number | null;
  subject: string;
  status: TicketStatus;
  /** Who completed or cancelled it: 'seller', 'support' or 'customer'. */
  closed_by: string | null;
  closed_at: string | null;
  last_message_at: string;
  created_at: string;
  updated_at: string;
}

export interface SupportTicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  sender: TicketSender;
  /** The shop's user who wrote a seller message. */
  shop_user_id: number | null;
  message: string;
  created_at: string;
}

export interface SupportTicketAttachmentsTable {
  id: Generated<number>;
  message_id: number;
  ticket_id: number;
  kind: 'image' | 'pdf';
  mime: string;
  name: string;
  /** File name under DATA_DIR/private/support. */
  file: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  subject: string;
  message: string;
  user_id: number | null;
  ip: string | null;
  /** When it was handed to the SMTP server (MAIL_DRIVER=smtp); null: not mailed. */
  mailed_at: string | null;
  created_at: string;
}

export interface SupportTables {
  ticket_issue_types: TicketIssueTypesTable;
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  support_ticket_attachments: SupportTicketAttachmentsTable;
  contact_messages: ContactMessagesTable;
}
