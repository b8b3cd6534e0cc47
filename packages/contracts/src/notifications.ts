import { z } from 'zod';
import { envelope, pageQuery } from './common';

/** GET /api/notifications: one page of the signed-in customer's notifications, newest first. */
export const notificationsQuery = pageQuery;

/** What a customer was told (or is being told) by e-mail or SMS (decision 046). */
export const notificationSchema = z.object({
  id: z.number().int(),
  /** order.placed, order.status, order.refunded, ticket.answered. */
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string(),
  body: z.string(),
  /** What it is about: an order (its id) or a ticket (its number); null otherwise. */
  order_id: z.number().int().nullable(),
  ticket_number: z.string().nullable(),
  /** pending: not sent yet (or being tried again); sent; failed: given up. */
  status: z.enum(['pending', 'sent', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PER_PAGE = 20;

export const notificationsResponseSchema = envelope(
  z.object({ total: z.number().int(), per_page: z.number().int(), notifications: z.array(notificationSchema) }),
);
export type NotificationsAnswer = z.infer<typeof notificationsResponseSchema>['data'];
