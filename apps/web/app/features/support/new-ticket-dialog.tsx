import type { OrderSummary, SupportTicketDetail, TicketIssueType } from '@souq/contracts';
import { TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX } from '@souq/contracts/constants';
import { useEffect, useState } from 'react';
import { Field, type FieldErrors, SelectField, SubmitButton, TextField, useCheckedSubmit } from '~/shared/ui/form';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { toast } from '~/shared/ui/toast';
import { createTicket, fetchIssueTypes, fetchRecentOrders } from './api';
import { FilePicker } from './file-picker';

interface Draft {
  subject: string;
  issue_type: string;
  order_number: string;
  message: string;
}
const EMPTY: Draft = { subject: '', issue_type: '', order_number: '', message: '' };

/** The same rules as the API (contracts' createTicketFields), said in the page's language. */
function checkDraft(d: Draft, t: (k: string) => string): FieldErrors {
  const out: FieldErrors = {};
  if ([...d.subject.trim()].length < 3) out.subject = t('tickets.subject_required');
  if (!d.issue_type) out.issue_type = t('tickets.issue_required');
  if ([...d.message.trim()].length < 10) out.message = t('tickets.message_required');
  return out;
}

/**
 * The "open a ticket" dialog: subject, issue type, optionally one of the customer's orders, the message
 * and up to three files. Checked here first (the API checks again, and its 422s show under the fields);
 * `onCreated` gets the new ticket.
 */
export function NewTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(ticket: SupportTicketDetail): void;
}) {
  const { t, locale } = useSite();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [types, setTypes] = useState<TicketIssueType[] | null>(null);
  const [orders, setOrders] = useState<OrderSummary[]>([]);
  const [optionsError, setOptionsError] = useState(false);

  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    setOptionsError(false);
    fetchIssueTypes(locale, ctrl.signal)
      .then(setTypes)
      .catch(() => {
        if (!ctrl.signal.aborted) setOptionsError(true);
      });
    fetchRecentOrders(locale, ctrl.signal)
      .then(setOrders)
      .catch(() => {
        // Without the orders the ticket can still be opened (the order is optional).
        if (!ctrl.signal.aborted) setOrders([]);
      });
    return () => ctrl.abort();
  }, [open, locale]);

  const set = (key: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  const { formRef, errors, setErrors, busy, onSubmit } = useCheckedSubmit({
    check: () => checkDraft(draft, t),
    send: async () => {
      const form = new FormData();
      form.set('subject', draft.subject);
      form.set('issue_type', draft.issue_type);
      if (draft.order_number) form.set('order_number', draft.order_number);
      form.set('message', draft.message);
      for (const f of files) form.append('attachments', f, f.name);
      const { ticket } = await createTicket(form, locale);
      toast.success(t('tickets.created', { code: `#${ticket.ticket_no}` }));
      setDraft(EMPTY);
      setFiles([]);
      onCreated(ticket);
    },
  });

  const close = () => {
    setErrors({});
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={t('tickets.create_title')} testId="new-ticket-dialog" className="tk-dialog">
      <form ref={formRef} className="acc-form tk-form" onSubmit={onSubmit} noValidate>
        <p className="muted tk-form__lead">{t('tickets.create_lead')}</p>
        <TextField
          label={t('tickets.subject')}
          name="subject"
          value={draft.subject}
          onChange={set('subject')}
          maxLength={TICKET_SUBJECT_MAX}
          placeholder={t('tickets.subject_placeholder')}
          error={errors.subject}
          required
          data-testid="ticket-subject"
        />
        <div className="tk-form__pair">
          <SelectField
            label={t('tickets.issue_type')}
            name="issue_type"
            value={draft.issue_type}
            onChange={set('issue_type')}
            error={errors.issue_type ?? (optionsError ? t('tickets.options_failed') : undefined)}
            required
            aria-busy={types === null && !optionsError ? true : undefined}
            data-testid="ticket-issue-type"
          >
            <option value="">{t('tickets.choose_issue')}</option>
            {(types ?? []).map((it) => (
              <option key={it.id} value={String(it.id)}>
                {it.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('tickets.order_optional')}
            name="order_number"
            value={draft.order_number}
            onChange={set('order_number')}
            error={errors.order_number}
            data-testid="ticket-order"
          >
            <option value="">{t('tickets.order_none')}</option>
            {orders.map((o) => (
              <option key={o.id} value={o.order_code}>
                {t('tickets.order_option', { code: o.order_code, date: formatDate(o.created_at, locale) })}
              </option>
            ))}
          </SelectField>
        </div>
        <Field label={t('tickets.message')} error={errors.message} required>
          {(control) => (
            <textarea
              {...control}
              name="message"
              className="acc-input tk-textarea"
              rows={5}
              maxLength={TICKET_MESSAGE_MAX}
              placeholder={t('tickets.message_placeholder')}
              value={draft.message}
              onChange={set('message')}
              aria-required="true"
              dir="auto"
              data-testid="ticket-message"
            />
          )}
        </Field>
        <FilePicker files={files} onChange={setFiles} serverError={errors.attachments} disabled={busy} />
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={close} disabled={busy}>
            {t('tickets.cancel')}
          </button>
          <SubmitButton busy={busy} testId="ticket-submit">
            {t('tickets.submit')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
