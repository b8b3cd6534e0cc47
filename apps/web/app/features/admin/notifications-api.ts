import type { AdminNotification, AdminNotifications } from '@souq/contracts';
import type { AdminNotificationStatusFilter } from '@souq/contracts/admin-notifications-constants';
import { adminCall } from './api';

/** The console's notifications calls (the outbox, decision 046), with the operator's token. */

export async function fetchAdminNotifications(
  q: { search: string; status: AdminNotificationStatusFilter; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<AdminNotifications> {
  const res = await adminCall<AdminNotifications>('/admin/notifications', {
    query: { search: q.search || undefined, status: q.status, page: q.page, per_page: q.perPage },
    signal,
  });
  return res.data;
}

/** Sends one failed message again. */
export async function resendNotification(id: number): Promise<AdminNotification> {
  const res = await adminCall<{ notification: AdminNotification }>(`/admin/notifications/${id}/resend`, { method: 'POST' });
  return res.data.notification;
}

/** Sends every failed message again; how many. */
export async function resendAllFailed(): Promise<number> {
  const res = await adminCall<{ count: number }>('/admin/notifications/resend-failed', { method: 'POST' });
  return res.data.count;
}
