import { z } from 'zod';
import { ADMIN_SEARCH_MAX } from './admin-desk-constants';
import { ADMIN_NOTIFICATION_STATUSES, ADMIN_NOTIFICATIONS_PER_PAGE, OUTBOX_STATUSES } from './admin-notifications-constants';
import { listQuery } from './catalog';
import { envelope, getQuery } from './common';
import { cleanText } from './text';

// ---------------------------------------------------------------------------------------------------
// The operator console's notifications (decision 046): every e-mail and text message of the outbox, and
// sending again the ones that failed for good, without touching the database.
//
// - GET /api/admin/notifications?status=all|pending|sending|sent|failed&search&page&per_page → {total,
//   notifications}, newest first. The search matches the address or the reference (order:12,
//   ticket:T-…), case-insensitively, taken literally.
// - POST /api/admin/notifications/{id}/resend → {notification}: a `failed` one is due again at once
//   (pending, its attempts counted anew; its last error kept until it is sent). Any other status: 422.
//   Audited as notification.resend.
// - POST /api/admin/notifications/resend-failed → {count}: every failed one at once, audited once
//   (notification.resend_failed, with the count).
// ---------------------------------------------------------------------------------------------------

export {
  ADMIN_NOTIFICATION_STATUSES,
  ADMIN_NOTIFICATIONS_PER_PAGE,
  OUTBOX_STATUSES,
} from './admin-notifications-constants';
export type { AdminNotificationStatusFilter, OutboxStatus } from './admin-notifications-constants';

export const adminNotificationsQuery = getQuery(
  listQuery(ADMIN_NOTIFICATIONS_PER_PAGE).extend({
    search: cleanText('search')
      .max(ADMIN_SEARCH_MAX, `The search field must not be greater than ${ADMIN_SEARCH_MAX} characters.`)
      .optional(),
    status: z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .pipe(
        z.enum(ADMIN_NOTIFICATION_STATUSES, {
          error: `The status must be one of: ${ADMIN_NOTIFICATION_STATUSES.join(', ')}.`,
        }),
      )
      .optional(),
  }),
);
export type AdminNotificationsQuery = z.input<typeof adminNotificationsQuery>;

export const adminNotificationParams = z.object({ id: z.string() });

export const adminNotificationSchema = z.object({
  id: z.number().int(),
  /** order.placed, order.status, order.refunded, ticket.answered, shop.status… */
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  /** Who it is for: a customer (`user`), a seller or an operator. */
  recipient_type: z.string(),
  /** The e-mail address or the phone number it goes to. */
  address: z.string(),
  locale: z.string(),
  subject: z.string(),
  /** The whole text. */
  body: z.string(),
  /** What it is about (order:12, ticket:T-…), or null. */
  ref: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  /** Attempts made (counted anew when it is sent again). */
  attempts: z.number().int(),
  /** The last attempt's error, or null. */
  last_error: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** When it is (or was) due to be tried. */
  next_attempt_at: z.string(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const adminNotificationsSchema = z.object({
  total: z.number().int(),
  notifications: z.array(adminNotificationSchema),
});
export type AdminNotifications = z.infer<typeof adminNotificationsSchema>;
export const adminNotificationsResponseSchema = envelope(adminNotificationsSchema);
export const adminNotificationResponseSchema = envelope(z.object({ notification: adminNotificationSchema }));
export const adminNotificationsResentResponseSchema = envelope(z.object({ count: z.number().int() }));
