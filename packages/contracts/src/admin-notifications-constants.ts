/**
 * Constants of the operator console's notifications (the outbox, decision 046), without zod, so the web
 * app may import them (`@souq/contracts/admin-notifications-constants`).
 */
export const ADMIN_NOTIFICATIONS_PER_PAGE = 20;
/** The list's status filter: `all`, or one of the outbox's statuses. */
export const ADMIN_NOTIFICATION_STATUSES = ['all', 'pending', 'sending', 'sent', 'failed'] as const;
export type AdminNotificationStatusFilter = (typeof ADMIN_NOTIFICATION_STATUSES)[number];
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
