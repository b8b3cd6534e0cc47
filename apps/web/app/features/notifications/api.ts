import type { Envelope, NotificationsAnswer } from '@souq/contracts';
import { api } from '~/shared/api';
import { sessionToken } from '~/shared/auth-store';

/** GET /notifications: one page of the signed-in customer's notifications, newest first (decision 046). */
export async function fetchNotifications(
  q: { page: number; perPage: number },
  locale: string,
  signal?: AbortSignal,
): Promise<NotificationsAnswer> {
  const res = await api<Envelope<NotificationsAnswer>>('/notifications', {
    query: { page: q.page, per_page: q.perPage },
    locale,
    token: sessionToken(),
    signal,
  });
  return res.data;
}
