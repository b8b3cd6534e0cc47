import type { SupportTicketDetail } from '@souq/contracts';
import { TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX } from '@souq/contracts/constants';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import {
  Field,
  type FieldErrors,
  SelectField,
  SubmitButton,
  TextField,
  useSubmission,
  type ActionResult,
} from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import { FilePicker } from './file-picker';
import { TICKET_OPTIONS, type TicketOptions } from './support-data';

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
 * and up to three files. Its choices are a fetcher's load of /resources/ticket-options, asked each time
 * it opens; the ticket is opened by the page's action (which then reloads the list). What is typed stays
 * when the dialog is closed without sending; the errors go.
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
  const { t } = useSite();
  const options = useFetcher<TicketOptions>();
  const { load } = options;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);

  useEffect(() => {
    if (open) void load(TICKET_OPTIONS);
  }, [open, load]);

  return (
    <Dialog open={open} onClose={onClose} title={t('tickets.create_title')} testId="new-ticket-dialog" className="tk-dialog">
      {open ? (
        <TicketForm
          options={options.data}
          draft={draft}
          setDraft={setDraft}
          files={files}
          setFiles={setFiles}
          onCancel={onClose}
          onCreated={(ticket) => {
            setDraft(EMPTY);
            setFiles([]);
            onCreated(ticket);
          }}
        />
      ) : null}
    </Dialog>
  );
}

/** The dialog's form while it is open (its submission, and so its errors, last as long). */
function TicketForm({
  options,
  draft,
  setDraft,
  files,
  setFiles,
  onCancel,
  onCreated,
}: {
  options: TicketOptions | undefined;
  draft: Draft;
  setDraft(update: (d: Draft) => Draft): void;
  files: File[];
  setFiles(files: File[]): void;
  onCancel(): void;
  onCreated(ticket: SupportTicketDetail): void;
}) {
  const { t, locale } = useSite();
  const fetcher = useFetcher<ActionResult<SupportTicketDetail>>();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone(ticket) {
      toast.success(t('tickets.created', { code: `#${ticket.ticket_no}` }));
      onCreated(ticket);
    },
  });
  const optionsFailed = options?.types === null;

  const set = (key: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check(checkDraft(draft, t))) return;
    const form = new FormData();
    form.set('subject', draft.subject);
    form.set('issue_type', draft.issue_type);
    if (draft.order_number) form.set('order_number', draft.order_number);
    form.set('message', draft.message);
    for (const f of files) form.append('attachments', f, f.name);
    void fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };

  return (
    <form ref={formRef} className="acc-form tk-form" onSubmit={submit} noValidate>
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
          error={errors.issue_type ?? (optionsFailed ? t('tickets.options_failed') : undefined)}
          required
          aria-busy={options === undefined ? true : undefined}
          data-testid="ticket-issue-type"
        >
          <option value="">{t('tickets.choose_issue')}</option>
          {(options?.types ?? []).map((it) => (
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
          {(options?.orders ?? []).map((o) => (
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
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {t('tickets.cancel')}
        </button>
        <SubmitButton busy={busy} testId="ticket-submit">
          {t('tickets.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
