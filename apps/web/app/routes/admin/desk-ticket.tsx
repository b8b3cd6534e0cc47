import type { AdminTicketPage, OrderStatusName, TicketStatusName } from '@souq/contracts';
import { ADMIN_TICKET_MESSAGES_MAX } from '@souq/contracts/admin-desk-constants';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { PageData } from '~/features/account';
import { DESK_HOME, deskTicketAction, loadDeskTicket } from '~/features/admin/desk-data';
import { statusLabel } from '~/features/orders';
import { sellerMeta } from '~/features/seller/meta';
import { Conversation } from '~/features/support/conversation';
import { ReplyForm } from '~/features/support/reply-form';
import { TicketHeader, TicketSkeleton, TicketUnavailable, useRevalidateOnFocus } from '~/features/support/ticket-view';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { type ActionResult, useOnAnswer } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/desk-ticket';

export const meta = sellerMeta('page.admin_ticket');

export const clientLoader = loadDeskTicket;
export const clientAction = deskTicketAction;

export function HydrateFallback() {
  return <TicketSkeleton />;
}

const QUESTION: Record<TicketStatusName, 'complete' | 'cancel' | 'reopen'> = {
  completed: 'complete',
  cancel: 'cancel',
  running: 'reopen',
};

/** Solved / Cancel of a running ticket, Reopen of a closed one: each asked first, saying what follows. */
function StatusDialog({ code, next, onClose }: { code: string; next: TicketStatusName | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<unknown>>();
  useOnAnswer(fetcher.data, (answer) => {
    if (answer.ok) toast.success(t('admin.desk.updated'));
    onClose();
  });
  const q = next ? QUESTION[next] : 'complete';
  return (
    <ConfirmDialog
      open={next !== null}
      title={t(`admin.desk.${q}_title`)}
      tone={next === 'cancel' ? 'danger' : 'primary'}
      busy={fetcher.state !== 'idle'}
      onConfirm={() => next && void fetcher.submit({ intent: 'status', status: next }, { method: 'post' })}
      onClose={onClose}
      testId="desk-status-dialog"
    >
      {t(`admin.desk.${q}_text`, { code })}
    </ConfirmDialog>
  );
}

/** The customer and the order the ticket names, beside the conversation. */
function Facts({ page }: { page: AdminTicketPage }) {
  const { t, locale } = useSite();
  const { customer, order } = page;
  return (
    <section className="desk-facts" aria-label={t('ticket.details')} data-testid="desk-facts">
      <div className="desk-facts__card">
        <h2 className="tk-section-title">{t('admin.desk.customer')}</h2>
        <p className="desk-facts__name">
          <bdi>{customer.name}</bdi>
          {customer.is_active ? null : <span className="desk-pill desk-pill--off">{t('admin.desk.customer_inactive')}</span>}
        </p>
        {customer.phone ? (
          <p className="muted">
            <bdi dir="ltr">{customer.phone}</bdi>
          </p>
        ) : null}
        {customer.email ? (
          <p className="muted desk-facts__email">
            <bdi dir="ltr">{customer.email}</bdi>
          </p>
        ) : null}
      </div>
      {order ? (
        <div className="desk-facts__card" data-testid="desk-order">
          <h2 className="tk-section-title">{t('admin.desk.order')}</h2>
          <p className="desk-facts__name">
            <bdi dir="ltr" className="tk-code">
              #{order.order_code}
            </bdi>
          </p>
          <dl className="desk-facts__list">
            <div>
              <dt>{t('admin.desk.shop')}</dt>
              <dd>
                <bdi>{order.shop.name}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('admin.desk.order_status')}</dt>
              <dd>{statusLabel(t, order.order_status as OrderStatusName)}</dd>
            </div>
            <div>
              <dt>{t('admin.desk.payment')}</dt>
              <dd>
                {order.payment_method === 'cash' ? t('orders.method.cash') : order.payment_method} ·{' '}
                {t(order.payment_status === 'Paid' ? 'orders.paid' : 'orders.unpaid')}
              </dd>
            </div>
            <div>
              <dt>{t('admin.desk.amount')}</dt>
              <dd>
                <bdi dir="ltr">{order.payable_amount.toFixed(3)}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('ticket.opened')}</dt>
              <dd>{formatDateTime(order.created_at, locale)}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </section>
  );
}

/** /admin/support/:ticketNumber: the conversation, the support team's answer, and the ticket's status. */
export default function AdminTicketPage({ loaderData }: Route.ComponentProps) {
  const { t, master } = useSite();
  const loaded = loaderData as PageData<AdminTicketPage>;
  const [next, setNext] = useState<TicketStatusName | null>(null);
  useRevalidateOnFocus();
  if (loaded.error !== undefined) {
    return (
      <TicketUnavailable
        error={loaded.error}
        notFound={loaded.status === 404}
        title={t('page.admin_ticket')}
        backHref={DESK_HOME}
      />
    );
  }
  const page = loaded.data;
  const ticket = page.support_ticket;
  const team = t('ticket.support_team', { app: master.app_name });
  return (
    <div className="tk-page desk-ticket" data-testid="desk-ticket-page">
      <TicketHeader
        ticket={ticket}
        backHref={DESK_HOME}
        orderHref={null}
        who="customer"
        actions={
          ticket.status === 'running' ? (
            <>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => setNext('completed')}
                data-testid="desk-complete"
              >
                {t('admin.desk.complete')}
              </button>
              <button
                type="button"
                className="btn btn-sm acc-btn-danger-outline"
                onClick={() => setNext('cancel')}
                data-testid="desk-cancel"
              >
                {t('admin.desk.cancel')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-sm" onClick={() => setNext('running')} data-testid="desk-reopen">
              {t('admin.desk.reopen')}
            </button>
          )
        }
      />
      <div className="desk-ticket__body">
        <div className="desk-ticket__main">
          {page.messages_total > page.messages.length ? (
            <p className="muted">{t('admin.desk.earlier_left_out', { count: ADMIN_TICKET_MESSAGES_MAX })}</p>
          ) : null}
          <Conversation messages={page.messages} side="support" earlier={null} />
          {ticket.can_reply ? (
            <>
              <ReplyForm label={t('admin.desk.answer_as', { app: master.app_name })} />
              <p className="muted desk-ticket__note">{t('admin.desk.answer_note', { team })}</p>
            </>
          ) : null}
        </div>
        <Facts page={page} />
      </div>
      <StatusDialog code={ticket.ticket_no} next={next} onClose={() => setNext(null)} />
    </div>
  );
}
