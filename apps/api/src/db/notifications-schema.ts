import type { Generated } from 'kysely';

/**
 * Migration 029: the notifications outbox (decision 046). One row per message to one address: written
 * in the transaction of the event it tells about, sent afterwards by the worker of any server process.
 */
export interface OutboxTable {
  id: Generated<number>;
  /** What happened: order.placed, order.status, order.refunded, shop.status, ticket.answered. */
  kind: string;
  channel: 'email' | 'sms';
  /** Who is told: a customer (`users.id`) or a seller (`shop_users.id`). */
  recipient_type: 'user' | 'seller';
  recipient_id: number;
  /** The e-mail address, or the phone number with its dialling code (+96891234567). */
  address: string;
  locale: 'ar' | 'en';
  /** Rendered when the row is written, in `locale` (the SMS text is `body`). */
  subject: string;
  body: string;
  /** What the message is about, for the customer's list: e.g. `order:12`, `ticket:T123`, `shop:4`. */
  ref: string | null;
  /** pending → sending (claimed under a lease) → sent; failed after the last attempt. */
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  /** ISO-8601 UTC: not claimed before. */
  next_attempt_at: string;
  /** The claim's lease: the worker that holds the row, and until when (then another may claim it). */
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface NotificationsTables {
  outbox: OutboxTable;
}
