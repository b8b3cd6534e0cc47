import type { ContactUs } from '@souq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { Mailer } from '../../shared/mailer';
import { readSetting } from '../settings';
import * as repo from './support.repository';

export interface ContactContext {
  db: Db;
  now: () => Date;
  /** Null with MAIL_DRIVER=log: messages are stored and logged, not mailed. */
  mailer: Mailer | null;
  log: FastifyBaseLogger;
}

export interface ContactMessage {
  name: string;
  email: string | null;
  phone: string | null;
  subject: string;
  message: string;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The contact page's details and the contact form (issue 18). */
export function createContactService(ctx: ContactContext) {
  async function details(): Promise<ContactUs> {
    const [mobile, email, whatsapp] = await Promise.all([
      readSetting(ctx.db, 'mobile'),
      readSetting(ctx.db, 'contact_email'),
      readSetting(ctx.db, 'whatsapp'),
    ]);
    return { phone: text(mobile), email: text(email), whatsapp: text(whatsapp) };
  }

  function mailText(m: ContactMessage, id: number, ip: string | null): string {
    return [
      `A message from the contact form of the storefront (#${id}).`,
      '',
      `Name: ${m.name}`,
      `E-mail: ${m.email ?? '-'}`,
      `Phone: ${m.phone ?? '-'}`,
      `Subject: ${m.subject}`,
      `Sent from: ${ip ?? '-'}`,
      '',
      m.message,
    ].join('\n');
  }

  /**
   * Stores the message, then (MAIL_DRIVER=smtp) mails it to the shop's contact address with the
   * sender as Reply-To. The mail goes after the answer: a slow or failing mail server never fails the
   * form, the message is kept either way, and `mailed_at` says whether it went. Resolves the id and the
   * mail's own promise (tests wait for it).
   */
  async function send(m: ContactMessage, userId: number | null, ip: string | null) {
    const id = await repo.insertContactMessage(ctx.db, { ...m, user_id: userId, ip, created_at: ctx.now().toISOString() });
    const mailed = (async () => {
      const to = text(await readSetting(ctx.db, 'contact_email'));
      if (!ctx.mailer || !to) {
        ctx.log.info({ contactMessageId: id }, 'contact message stored (not mailed: MAIL_DRIVER=log or no contact_email)');
        return false;
      }
      try {
        await ctx.mailer.send({
          to,
          subject: `Contact form: ${m.subject}`,
          text: mailText(m, id, ip),
          replyTo: m.email ? { name: m.name, address: m.email } : undefined,
        });
        await repo.markContactMailed(ctx.db, id, ctx.now().toISOString());
        return true;
      } catch (error) {
        ctx.log.warn({ err: error, contactMessageId: id }, 'contact message could not be mailed');
        return false;
      }
    })();
    return { id, mailed };
  }

  return { details, send };
}
export type ContactService = ReturnType<typeof createContactService>;
