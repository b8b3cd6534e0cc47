import type { TicketMessage } from '@souq/contracts';
import { TICKET_MESSAGE_MAX } from '@souq/contracts/constants';
import { useRef, useState } from 'react';
import { ApiError } from '~/shared/api';
import { Field, type FieldErrors, fieldErrorsOf, SubmitButton } from '~/shared/ui/form';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { FilePicker } from './file-picker';
import { SendIcon } from './icons';

/**
 * The answer form under a conversation: the text (required) and up to three files, sent as multipart
 * by `send`. Field problems show under their field (the API's 422 too); other failures as a toast.
 */
export function ReplyForm({
  send,
  onSent,
  onClosed,
  label,
}: {
  send(form: FormData): Promise<TicketMessage>;
  onSent(message: TicketMessage): void;
  /** The ticket was closed meanwhile (409): the page reads it again. */
  onClosed?(): void;
  label?: string;
}) {
  const { t } = useSite();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setErrors({ message: t('ticket.reply_required') });
      formRef.current?.querySelector<HTMLElement>('textarea')?.focus();
      return;
    }
    const form = new FormData();
    form.set('message', text);
    for (const f of files) form.append('attachments', f, f.name);
    setBusy(true);
    setErrors({});
    try {
      const message = await send(form);
      setText('');
      setFiles([]);
      toast.success(t('ticket.sent'));
      onSent(message);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else toast.error(error instanceof Error ? error.message : String(error));
      if (error instanceof ApiError && error.status === 409) onClosed?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="tk-reply" onSubmit={(e) => void submit(e)} ref={formRef} noValidate data-testid="ticket-reply-form">
      <Field label={label ?? t('ticket.reply')} error={errors.message} required>
        {(control) => (
          <textarea
            {...control}
            className="acc-input tk-textarea"
            rows={4}
            maxLength={TICKET_MESSAGE_MAX}
            placeholder={t('ticket.reply_placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-required="true"
            dir="auto"
            data-testid="ticket-reply-text"
          />
        )}
      </Field>
      <FilePicker files={files} onChange={setFiles} serverError={errors.attachments} disabled={busy} />
      <div className="tk-reply__actions">
        <SubmitButton busy={busy} testId="ticket-reply-send">
          {busy ? null : <SendIcon size={16} className="icon-dir" />}
          {t('ticket.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
