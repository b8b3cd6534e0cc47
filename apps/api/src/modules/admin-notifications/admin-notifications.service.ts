import type { AdminNotification, AdminNotifications, AdminNotificationStatusFilter } from '@souq/contracts';
import { ADMIN_NOTIFICATIONS_PER_PAGE } from '@souq/contracts/admin-notifications-constants';
import type { Db } from '../../db';
import { HttpError, notFound } from '../../http/route';
import { type Actor, recordAudit } from '../audit';
import * as repo from './admin-notifications.repository';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

const toNotification = (r: repo.AdminNotificationRow): AdminNotification => ({
  id: r.id,
  kind: r.kind,
  channel: r.channel === 'sms' ? 'sms' : 'email',
  recipient_type: r.recipient_type,
  address: r.address,
  locale: r.locale,
  subject: r.subject,
  body: r.body,
  ref: r.ref,
  status: r.status,
  attempts: Number(r.attempts),
  last_error: r.last_error,
  created_at: r.created_at,
  sent_at: r.sent_at,
  next_attempt_at: r.next_attempt_at,
});

/**
 * The operator's view of the outbox (decision 046): every e-mail and text message, searchable, and
 * sending again those that failed for good. A message sent again is due at once with its attempts counted
 * anew, so the worker tries it OUTBOX_MAX_ATTEMPTS times more with its back-off; each resend is in the
 * audit log, in its transaction. `poke` wakes this process's worker after the commit.
 */
export function createAdminNotificationsService({ db, now, poke }: { db: Db; now: () => Date; poke: () => void }) {
  async function list(q: {
    search?: string;
    status?: AdminNotificationStatusFilter;
    page?: number;
    per_page?: number;
  }): Promise<AdminNotifications> {
    const page = q.page ?? 1;
    const perPage = q.per_page ?? ADMIN_NOTIFICATIONS_PER_PAGE;
    const { rows, total } = await repo.listNotifications(
      db,
      { search: q.search?.trim() || undefined, status: q.status && q.status !== 'all' ? q.status : undefined },
      page,
      perPage,
    );
    return { total, notifications: rows.map(toNotification) };
  }

  /**
   * Sends one failed message again. Unknown: 404. Not failed (pending, being sent, or sent, another
   * operator's resend meanwhile included): 422 saying its status, nothing changed or recorded.
   */
  async function resend(actor: Actor, id: number): Promise<AdminNotification> {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const before = await repo.findNotification(trx, id);
      if (!before) throw notFound(NOTIFICATION_NOT_FOUND);
      if (before.status !== 'failed' || (await repo.resendFailed(trx, at.toISOString(), id)) !== 1) {
        const status = before.status === 'failed' ? 'pending' : before.status;
        const message = `Only a failed notification can be sent again; this one is ${status}.`;
        throw new HttpError(422, message, { status: [message] });
      }
      await recordAudit(
        trx,
        actor,
        {
          action: 'notification.resend',
          targetType: 'notification',
          targetId: id,
          changes: {
            status: ['failed', 'pending'],
            attempts: [Number(before.attempts), 0],
            kind: [null, before.kind],
            address: [null, before.address],
          },
        },
        at,
      );
    });
    poke();
    return toNotification((await repo.findNotification(db, id))!);
  }

  /** Sends every failed message again, in one statement, audited once with the count (none: nothing recorded). */
  async function resendAllFailed(actor: Actor): Promise<number> {
    const at = now();
    const count = await db.transaction().execute(async (trx) => {
      const n = await repo.resendFailed(trx, at.toISOString());
      if (n > 0)
        await recordAudit(
          trx,
          actor,
          { action: 'notification.resend_failed', targetType: 'notification', targetId: null, changes: { count: [null, n] } },
          at,
        );
      return n;
    });
    if (count > 0) poke();
    return count;
  }

  return { list, resend, resendAllFailed };
}
export type AdminNotificationsService = ReturnType<typeof createAdminNotificationsService>;
