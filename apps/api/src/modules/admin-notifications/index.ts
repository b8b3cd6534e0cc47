import {
  adminNotificationParams,
  adminNotificationResponseSchema,
  adminNotificationsQuery,
  adminNotificationsResentResponseSchema,
  adminNotificationsResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound, route } from '../../http/route';
import { operatorActor } from '../audit';
import { createAdminNotificationsService, NOTIFICATION_NOT_FOUND } from './admin-notifications.service';

export { failedCount } from './admin-notifications.repository';

/** A path id that is not a positive whole number names no notification: 404. */
const notificationIdOf = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound(NOTIFICATION_NOT_FOUND);
  return Number(raw);
};

/**
 * The operator console's notifications (decision 046): the outbox's messages, and sending again the ones
 * that failed for good. Every route is auth 'operator'; every resend is in the audit log, in its
 * transaction.
 */
export async function adminNotificationsRoutes(app: FastifyInstance) {
  const notifications = createAdminNotificationsService({
    db: app.db,
    now: app.config.now,
    poke: () => app.notifications.worker?.poke(),
  });
  const tags = ['admin'];

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/notifications',
      summary:
        'Every e-mail and text message of the outbox, newest first; filter by status, search the address or the reference',
      tags,
      auth: 'operator',
      query: adminNotificationsQuery,
      response: adminNotificationsResponseSchema,
    },
    async ({ query }) => ({ data: await notifications.list(query) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/notifications/resend-failed',
      summary: 'Send every failed notification again (due at once, attempts counted anew); answers how many',
      tags,
      auth: 'operator',
      response: adminNotificationsResentResponseSchema,
    },
    async ({ auth, req }) => {
      const count = await notifications.resendAllFailed(await operatorActor(app.db, auth, req.ip));
      return { message: `${count} notification(s) will be sent again.`, data: { count } };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/notifications/:id/resend',
      summary:
        'Send a failed notification again: due at once, its attempts counted anew (422 for one that is not failed)',
      tags,
      auth: 'operator',
      params: adminNotificationParams,
      response: adminNotificationResponseSchema,
    },
    async ({ auth, params, req }) => {
      const id = notificationIdOf(params.id);
      const notification = await notifications.resend(await operatorActor(app.db, auth, req.ip), id);
      return { message: 'The notification will be sent again.', data: { notification } };
    },
  );
}
