import nodemailer from 'nodemailer';
import type { AccountsConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (e.g. the visitor who wrote through the contact form). */
  replyTo?: { name: string; address: string };
  /** Extra headers (the outbox names its row: X-Souq-Notification). */
  headers?: Record<string, string>;
}

/** Sends e-mail through SMTP (MAIL_DRIVER=smtp). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes the transport's open connections (a pooled one keeps them between messages). */
  close(): void;
}

/**
 * The one SMTP transport of the server (MAIL_DRIVER=smtp, SMTP_*): one-time codes (accounts) and the
 * contact form (support) both send through it. Null with MAIL_DRIVER=log: the callers log instead.
 */
export function createMailer(mail: AccountsConfig['mail'], options: { pool?: number } = {}): Mailer | null {
  if (mail.driver !== 'smtp') return null;
  // `pool`: up to that many connections kept open and reused from message to message (the outbox's
  // worker: one SMTP greeting per connection instead of one per message). Else one connection a message.
  const pooled = options.pool ? { pool: true as const, maxConnections: options.pool, maxMessages: 500 } : {};
  const transport = nodemailer.createTransport({
    ...pooled,
    host: mail.host,
    port: mail.port,
    secure: mail.secure,
    auth: mail.user ? { user: mail.user, pass: mail.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(m) {
      await transport.sendMail({
        from: mail.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        replyTo: m.replyTo,
        headers: m.headers,
      });
    },
    close() {
      transport.close();
    },
  };
}
