import type { AdminNotification, AdminNotifications } from '@souq/contracts';
import { ADMIN_SEARCH_MAX } from '@souq/contracts/admin-desk-constants';
import {
  ADMIN_NOTIFICATION_STATUSES,
  ADMIN_NOTIFICATIONS_PER_PAGE,
  type AdminNotificationStatusFilter,
} from '@souq/contracts/admin-notifications-constants';
import type { PageData } from '~/features/account';
import { actionResult, type ActionResult } from '~/shared/ui/form';
import { loadAdmin } from './data';
import { fetchAdminNotifications, resendAllFailed, resendNotification } from './notifications-api';

/**
 * The console's notifications screen (/admin/notifications, decision 046): its loader reads the outbox,
 * its action sends a failed message again, or every failed one (decision 036: clientLoader and
 * clientAction). The screen opens on the failed ones, the ones that need the operator; `status=all`
 * shows every message.
 */

export const NOTIFICATIONS_HOME = '/admin/notifications';
export const DEFAULT_NOTIFICATION_STATUS: AdminNotificationStatusFilter = 'failed';

export interface NotificationsParams {
  search: string;
  status: AdminNotificationStatusFilter;
  page: number;
}

export function notificationsParams(params: URLSearchParams): NotificationsParams {
  const status = params.get('status') ?? '';
  return {
    search: (params.get('q') ?? '').trim().slice(0, ADMIN_SEARCH_MAX),
    status: (ADMIN_NOTIFICATION_STATUSES as readonly string[]).includes(status)
      ? (status as AdminNotificationStatusFilter)
      : DEFAULT_NOTIFICATION_STATUS,
    page: Math.min(100000, Math.max(1, Math.floor(Number(params.get('page'))) || 1)),
  };
}

/** The screen's address: only what differs from the first page of the failed ones. */
export function notificationsHref(p: Partial<NotificationsParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set('q', p.search);
  if (p.status && p.status !== DEFAULT_NOTIFICATION_STATUS) q.set('status', p.status);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${NOTIFICATIONS_HOME}${s ? `?${s}` : ''}`;
}

export interface NotificationsData extends NotificationsParams {
  list: PageData<AdminNotifications>;
}

export async function loadNotifications({ request }: { request: Request }): Promise<NotificationsData> {
  const p = notificationsParams(new URL(request.url).searchParams);
  const list = await loadAdmin(
    () => fetchAdminNotifications({ ...p, perPage: ADMIN_NOTIFICATIONS_PER_PAGE }, request.signal),
    request,
  );
  return { ...p, list };
}

export type NotificationsAnswer = { resent: AdminNotification } | { count: number };

/** `intent=resend` with `id`: that failed message again; `intent=resend-failed`: every failed one. */
export async function notificationsAction({ request }: { request: Request }): Promise<ActionResult<NotificationsAnswer>> {
  const form = await request.formData();
  if (form.get('intent') === 'resend-failed') return actionResult(async () => ({ count: await resendAllFailed() }));
  const id = Number(form.get('id'));
  return actionResult(async () => ({ resent: await resendNotification(id) }));
}
