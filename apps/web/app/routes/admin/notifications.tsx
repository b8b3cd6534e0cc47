import type { AdminNotification } from '@souq/contracts';
import { ADMIN_NOTIFICATIONS_PER_PAGE } from '@souq/contracts/admin-notifications-constants';
import { useState } from 'react';
import { useFetcher, useNavigation } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { ListEmpty, ListFilters, ListSkeleton, ListTable } from '~/features/admin/list-screen';
import {
  loadNotifications,
  NOTIFICATIONS_HOME,
  type NotificationsAnswer,
  notificationsAction,
  notificationsHref,
} from '~/features/admin/notifications-data';
import { sellerMeta } from '~/features/seller/meta';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { type ActionResult, SelectField, useOnAnswer } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/notifications';

export const meta = sellerMeta('page.admin_notifications');

export const clientLoader = loadNotifications;
export const clientAction = notificationsAction;

/** The status filter's choices, the default (the failed ones) first. */
const STATUS_CHOICES = ['failed', 'all', 'pending', 'sending', 'sent'] as const;

const Skeleton = () => <ListSkeleton testId="admin-notifications-loading" />;

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="admin-desk" data-testid="admin-notifications">
      <AccountHeading title={t('admin.notifications.title')} />
      <Skeleton />
    </div>
  );
}

/** Sending one failed message again: asked first, then a toast. */
function ResendDialog({ notification, onClose }: { notification: AdminNotification | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<NotificationsAnswer>>();
  // The message asked about stays named while the dialog closes.
  const [shown, setShown] = useState(notification);
  if (notification && notification !== shown) setShown(notification);
  useOnAnswer(fetcher.data, (answer) => {
    if (answer.ok && 'resent' in answer.data)
      toast.success(t('admin.notifications.resent_done', { address: answer.data.resent.address }));
    onClose();
  });
  return (
    <ConfirmDialog
      open={notification !== null}
      title={t('admin.notifications.resend_title', { address: shown?.address ?? '' })}
      tone="primary"
      busy={fetcher.state !== 'idle'}
      onConfirm={() =>
        notification && void fetcher.submit({ intent: 'resend', id: String(notification.id) }, { method: 'post' })
      }
      onClose={onClose}
      testId="notification-resend-dialog"
    >
      {t('admin.notifications.resend_text')}
    </ConfirmDialog>
  );
}

/** Sending every failed message again: asked first, then a toast with how many. */
function ResendAllDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<NotificationsAnswer>>();
  useOnAnswer(fetcher.data, (answer) => {
    if (answer.ok && 'count' in answer.data)
      toast.success(t('admin.notifications.resent_all_done', { count: answer.data.count }));
    onClose();
  });
  return (
    <ConfirmDialog
      open={open}
      title={t('admin.notifications.resend_all_title')}
      tone="primary"
      busy={fetcher.state !== 'idle'}
      onConfirm={() => void fetcher.submit({ intent: 'resend-failed' }, { method: 'post' })}
      onClose={onClose}
      testId="notification-resend-all-dialog"
    >
      {t('admin.notifications.resend_all_text')}
    </ConfirmDialog>
  );
}

function StatusPill({ status }: { status: AdminNotification['status'] }) {
  const { t } = useSite();
  const tone = status === 'failed' ? ' desk-pill--off' : status === 'sent' ? '' : ' ntf-pill--wait';
  return (
    <span className={`desk-pill${tone}`} data-testid="admin-notification-status">
      {t(`admin.notifications.status_${status}`)}
    </span>
  );
}

function NotificationRow({ n, onResend }: { n: AdminNotification; onResend(): void }) {
  const { t, locale } = useSite();
  return (
    <tr data-testid="admin-notification-row" data-notification={n.id} data-status={n.status}>
      <td className="ntf-message">
        <span className="ntf-message__subject" dir="auto">
          {n.subject}
        </span>
        <span className="muted ntf-message__kind">
          {t(n.channel === 'sms' ? 'admin.notifications.channel_sms' : 'admin.notifications.channel_email')} ·{' '}
          <code dir="ltr">{n.kind}</code>
          {n.ref ? (
            <>
              {' · '}
              {t('admin.notifications.ref')} <code dir="ltr">{n.ref}</code>
            </>
          ) : null}
        </span>
        {n.last_error ? (
          <p className="ntf-message__error" data-testid="admin-notification-error">
            <strong>{t('admin.notifications.last_error')}:</strong> <bdi dir="ltr">{n.last_error}</bdi>
          </p>
        ) : null}
        <details className="ntf-details">
          <summary>{t('admin.notifications.details')}</summary>
          <p className="ntf-details__body" dir="auto">
            {n.body}
          </p>
          <dl className="ntf-details__facts">
            <dt>{t('admin.notifications.next_attempt')}</dt>
            <dd>
              <time dateTime={n.next_attempt_at}>{formatDateTime(n.next_attempt_at, locale)}</time>
            </dd>
            {n.sent_at ? (
              <>
                <dt>{t('admin.notifications.sent_at')}</dt>
                <dd>
                  <time dateTime={n.sent_at}>{formatDateTime(n.sent_at, locale)}</time>
                </dd>
              </>
            ) : null}
          </dl>
        </details>
      </td>
      <td className="ntf-recipient">
        <bdi dir="ltr" data-testid="admin-notification-address">
          {n.address}
        </bdi>
        <span className="muted ntf-recipient__who">{t(`admin.notifications.to_${n.recipient_type}`)}</span>
      </td>
      <td>
        <StatusPill status={n.status} />
      </td>
      <td className="ntf-attempts" data-testid="admin-notification-attempts">
        {n.attempts}
      </td>
      <td className="admin-audit__when">
        <time dateTime={n.created_at}>{formatDateTime(n.created_at, locale)}</time>
      </td>
      <td>
        {n.status === 'failed' ? (
          <button
            type="button"
            className="btn btn-sm"
            aria-label={t('admin.notifications.resend_label', { address: n.address })}
            onClick={onResend}
            data-testid="admin-notification-resend"
          >
            {t('admin.notifications.resend')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * /admin/notifications?q=&status=&page=: the outbox's e-mails and text messages, newest first, opening on
 * the failed ones; send one again, or all of them.
 */
export default function AdminNotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { search, status, page, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === NOTIFICATIONS_HOME;
  const [resending, setResending] = useState<AdminNotification | null>(null);
  const [resendingAll, setResendingAll] = useState(false);
  const emptyTitle = search
    ? 'admin.notifications.empty_filtered'
    : status === 'failed'
      ? 'admin.notifications.empty_failed'
      : status === 'all'
        ? 'admin.notifications.empty'
        : 'admin.notifications.empty_filtered';
  return (
    <div className="admin-desk" data-testid="admin-notifications">
      <AccountHeading title={t('admin.notifications.title')} />
      <p className="muted seller-lead">{t('admin.notifications.lead')}</p>
      <ListFilters
        action={NOTIFICATIONS_HOME}
        label={t('admin.notifications.filters')}
        search={search}
        searchId="notifications-search"
        searchLabel={t('admin.notifications.search')}
        placeholder={t('admin.notifications.search_placeholder')}
        applyLabel={t('admin.notifications.apply')}
        testIds="admin-notifications"
      >
        <SelectField
          label={t('admin.notifications.status')}
          fieldClassName="adm-filters__select"
          name="status"
          defaultValue={status}
          key={`status-${status}`}
          data-testid="admin-notifications-status"
        >
          {STATUS_CHOICES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.notifications.status_${s}`)}
            </option>
          ))}
        </SelectField>
      </ListFilters>
      {loading ? (
        <Skeleton />
      ) : list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.notifications.length === 0 ? (
        <ListEmpty
          testId="admin-notifications-empty"
          title={t(emptyTitle)}
          text={
            search
              ? undefined
              : status === 'failed'
                ? t('admin.notifications.empty_failed_text')
                : status === 'all'
                  ? t('admin.notifications.empty_text')
                  : undefined
          }
          clear={
            search || status !== 'all'
              ? {
                  to: notificationsHref({ status: 'all' }),
                  label: t('admin.notifications.clear'),
                  testId: 'admin-notifications-clear',
                }
              : undefined
          }
        />
      ) : (
        <>
          {status === 'failed' ? (
            <p className="ntf-bulk">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setResendingAll(true)}
                data-testid="admin-notifications-resend-all"
              >
                {t('admin.notifications.resend_all')}
              </button>
            </p>
          ) : null}
          <ListTable
            label={t('admin.notifications.title')}
            count={t('admin.notifications.count', { count: list.data.total })}
            countTestId="admin-notifications-count"
            pagination={{
              page,
              total: list.data.total,
              perPage: ADMIN_NOTIFICATIONS_PER_PAGE,
              hrefFor: (p) => notificationsHref({ search, status, page: p }),
            }}
          >
            <table className="admin-audit__table desk-table ntf-table" data-testid="admin-notifications-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.notifications.message')}</th>
                  <th scope="col">{t('admin.notifications.recipient')}</th>
                  <th scope="col">{t('admin.notifications.status')}</th>
                  <th scope="col">{t('admin.notifications.attempts')}</th>
                  <th scope="col">{t('admin.notifications.date')}</th>
                  <th scope="col">{t('admin.notifications.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.notifications.map((n) => (
                  <NotificationRow key={n.id} n={n} onResend={() => setResending(n)} />
                ))}
              </tbody>
            </table>
          </ListTable>
        </>
      )}
      <ResendDialog notification={resending} onClose={() => setResending(null)} />
      <ResendAllDialog open={resendingAll} onClose={() => setResendingAll(false)} />
    </div>
  );
}
