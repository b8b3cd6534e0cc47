import type { TicketMessage } from '@souq/contracts';
import { TICKET_MESSAGE_MAX } from '@souq/contracts/constants';
import { useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { Field, SubmitButton, useSubmission, type ActionResult } from '~/shared/ui/form';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { FilePicker } from './file-picker';
import { SendIcon } from './icons';

/**
 * The answer form under a conversation: the text (required) and up to three files, sent as multipart to
 * the page's action (`intent=reply`), after which the page's loader reads the conversation again. Field
 * problems show under their field (the API's 422 too); other failures as a toast (a 409, the ticket
 * closed meanwhile: the page's reload shows it closed).
 */
export function ReplyForm({ label }: { label?: string }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<TicketMessage>>();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      setText('');
      setFiles([]);
      toast.success(t('ticket.sent'));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check({ message: text.trim() ? undefined : t('ticket.reply_required') })) return;
    const form = new FormData();
    form.set('intent', 'reply');
    form.set('message', text);
    for (const f of files) form.append('attachments', f, f.name);
    void fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };

  return (
    <form className="tk-reply" onSubmit={submit} ref={formRef} noValidate data-testid="ticket-reply-form">
      <Field label={label ?? t('ticket.reply')} error={errors.message} required>
        {(control) => (
          <textarea
            {...control}
            className="acc-input tk-textarea"
            rows={4}
            maxLength={TICKET_MESSAGE_MAX}
            placeholder={t('ticket.reply_placeholder')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              clear('message');
            }}
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
