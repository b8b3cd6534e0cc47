import { NOTIFICATIONS_PER_PAGE, notificationsQuery, notificationsResponseSchema, type Notification } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { createSmsSender } from '../../shared/sms';
import { createMailer } from '../../shared/mailer';
import { createNotifications, type Notifications } from './notify';
import * as repo from './outbox.repository';
import { createOutboxWorker, type OutboxWorker } from './worker';

export { createNotifications, type Notify, type NotifyEvent, type Notifications } from './notify';
export { createOutboxWorker, type OutboxWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notifications writer: `await app.notifications.prepare()` before an event's transaction. */
    notifications: Notifications & {
      /** Messages not sent yet (pending or being sent): the outbox's depth, for a gauge. */
      depth(): Promise<number>;
      /** This process's worker (null with OUTBOX_WORKER=false). */
      worker: OutboxWorker | null;
    };
  }
}

/**
 * Set up before the modules that write notifications (app.ts): the writer every service uses, and this
 * process's outbox worker, started once the app is ready and stopped when it closes.
 */
export function registerNotifications(app: FastifyInstance) {
  const { notifications: cfg } = app.config;
  const writer = createNotifications({
    enabled: cfg.enabled,
    publicUrl: app.config.publicUrl,
    now: app.config.now,
    siteName: async (locale) => (await app.services.settings.master(locale)).app_name,
  });
  const worker = cfg.worker
    ? createOutboxWorker({
        db: app.db,
        dialect: app.dialect,
        settings: cfg.outbox,
        now: app.config.now,
        mailer: createMailer(app.config.accounts.mail, { pool: cfg.outbox.concurrency }),
        sms: createSmsSender(app.config.accounts.sms),
        log: app.log,
      })
    : null;
  app.decorate('notifications', { ...writer, depth: () => repo.depth(app.db), worker });
  if (worker) {
    app.addHook('onReady', async () => worker.start());
    // preClose: before the database closes (the onClose hooks' order among the root's is not to be relied on).
    app.addHook('preClose', async () => worker.stop());
  }
}

const refOf = (ref: string | null) => {
  const [type, value] = (ref ?? '').split(':');
  return {
    order_id: type === 'order' && value ? Number(value) : null,
    ticket_number: type === 'ticket' && value ? value : null,
  };
};

/** GET /api/notifications: the signed-in customer's own notifications, newest first. */
export async function notificationsRoutes(app: FastifyInstance) {
  route(
    app,
    {
      method: 'GET',
      url: '/api/notifications',
      summary: "The customer's notifications (e-mails and text messages about their orders and tickets), newest first",
      tags: ['accounts'],
      auth: 'user',
      query: notificationsQuery,
      response: notificationsResponseSchema,
    },
    async ({ query, auth }) => {
      const perPage = query.per_page ?? NOTIFICATIONS_PER_PAGE;
      const page = query.page ?? 1;
      const { rows, total } = await repo.listForCustomer(app.db, auth.id, perPage, (page - 1) * perPage);
      const notifications: Notification[] = rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        channel: r.channel,
        subject: r.subject,
        body: r.body,
        ...refOf(r.ref),
        status: r.status === 'sending' ? 'pending' : r.status,
        created_at: r.created_at,
        sent_at: r.sent_at,
      }));
      return { data: { total, per_page: perPage, notifications } };
    },
  );
}
