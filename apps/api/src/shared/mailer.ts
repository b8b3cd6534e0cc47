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
}

/**
 * The one SMTP transport of the server (MAIL_DRIVER=smtp, SMTP_*): one-time codes (accounts) and the
 * contact form (support) both send through it. Null with MAIL_DRIVER=log: the callers log instead.
 */
export function createMailer(mail: AccountsConfig['mail']): Mailer | null {
  if (mail.driver !== 'smtp') return null;
  const transport = nodemailer.createTransport({
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
  };
}
