import type { TicketAttachment, TicketMessage } from '@souq/contracts';
import { Link, useNavigation } from 'react-router';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { DownloadIcon } from '~/shared/ui/icons';
import { formatSize } from './files';
import { FileIcon } from './icons';

const THUMB_W = 168;
const THUMB_H = 126;

function Attachment({ file }: { file: TicketAttachment }) {
  const { t } = useSite();
  if (file.type === 'image') {
    return (
      <li className="tk-att tk-att--image">
        <a
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          className="tk-att__thumb"
          aria-label={t('ticket.open_image', { name: file.name })}
          data-testid="ticket-attachment-image"
        >
          <img src={file.url} alt="" width={THUMB_W} height={THUMB_H} loading="lazy" decoding="async" />
        </a>
        <a
          href={file.download_url}
          download={file.name}
          className="tk-att__save"
          aria-label={t('ticket.download', { name: file.name })}
        >
          <DownloadIcon size={16} />
          <bdi className="tk-att__name">{file.name}</bdi>
        </a>
      </li>
    );
  }
  return (
    <li className="tk-att tk-att--file">
      <a
        href={file.download_url}
        download={file.name}
        className="tk-att__chip"
        aria-label={t('ticket.download', { name: file.name })}
        data-testid="ticket-attachment-file"
      >
        <FileIcon size={20} />
        <span className="tk-att__text">
          <bdi className="tk-att__name">{file.name}</bdi>
          <span className="muted tk-att__size">PDF · {formatSize(file.size, t)}</span>
        </span>
        <DownloadIcon size={16} />
      </a>
    </li>
  );
}

/**
 * A ticket's messages, oldest first, as a conversation: the viewer's own messages on the inline end,
 * the other side's on the inline start, each with its author, time and attachments.
 */
export function Conversation({
  messages,
  side,
  earlier,
}: {
  messages: TicketMessage[];
  /** Whose page it is: their messages are "mine" (the operators' desk: the support team's). */
  side: 'customer' | 'seller' | 'support';
  /** The address that shows one more page of older messages, when there are some. */
  earlier: string | null;
}) {
  const { t, locale, master } = useSite();
  const navigation = useNavigation();
  const loadingEarlier = earlier !== null && navigation.state === 'loading' && navigation.location.search === earlier;
  // The support team's answers always read as the team's (on the operators' desk too), never a person's.
  const author = (m: TicketMessage) =>
    m.sender === 'support'
      ? t('ticket.support_team', { app: master.app_name })
      : m.sender === side
        ? t('ticket.you')
        : (m.sender_name ?? '');
  return (
    <section className="tk-convo" aria-labelledby="tk-convo-title" data-testid="ticket-conversation">
      <h2 className="tk-section-title" id="tk-convo-title">
        {t('ticket.conversation')}
      </h2>
      {earlier ? (
        <div className="tk-convo__earlier">
          <Link to={earlier} className="btn btn-sm" replace preventScrollReset aria-busy={loadingEarlier || undefined}>
            {loadingEarlier ? <span className="spinner" aria-hidden="true" /> : null}
            {t('ticket.earlier')}
          </Link>
        </div>
      ) : null}
      <ol className="tk-convo__list">
        {messages.map((m) => {
          const mine = m.sender === side;
          return (
            <li
              key={m.id}
              className={`tk-msg ${mine ? 'tk-msg--mine' : 'tk-msg--theirs'} tk-msg--${m.sender}`}
              data-testid="ticket-message"
              data-sender={m.sender}
            >
              <article className="tk-msg__bubble" aria-label={t('ticket.message_by', { name: author(m) })}>
                <header className="tk-msg__head">
                  <strong className="tk-msg__author">
                    <bdi>{author(m)}</bdi>
                  </strong>
                  <time className="muted tk-msg__time" dateTime={m.created_at}>
                    {formatDateTime(m.created_at, locale)}
                  </time>
                </header>
                <p className="tk-msg__text" dir="auto">
                  {m.message}
                </p>
                {m.attachments.length ? (
                  <ul className="tk-msg__files" aria-label={t('tickets.attachments')}>
                    {m.attachments.map((f) => (
                      <Attachment key={f.id} file={f} />
                    ))}
                  </ul>
                ) : null}
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
