import type { AddressInfo } from 'node:net';
import { contactUsResponseSchema } from '@souq/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { makeCustomer } from '../commerce/test-support';

const app = await createTestApp();

const valid = {
  name: 'Aisha Al-Balushi',
  email: 'aisha@example.com',
  subject: 'Corporate gift boxes',
  message: 'We would like 40 boxes of dates and halwa for our staff before National Day. Can a shop prepare them?',
};
const send = (payload: unknown, headers: Record<string, string> = {}, target = app) =>
  target.inject({ method: 'POST', url: '/api/support', headers, payload: payload as object });
/** The text of a quoted-printable mail body. */
const quotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const stored = () => app.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

describe('GET /contact-us', () => {
  it("answers the shop's phone, e-mail and WhatsApp number from the settings", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/contact-us' });
    expect(res.statusCode).toBe(200);
    expect(contactUsResponseSchema.parse(res.json()).data).toEqual({
      phone: '+968 2456 7890',
      email: 'care@souq.om',
      whatsapp: '+968 9123 4500',
    });
    await app.db
      .updateTable('settings')
      .set({ value: JSON.stringify('help@souq.om') })
      .where('key', '=', 'contact_email')
      .execute();
    expect((await app.inject({ method: 'GET', url: '/api/contact-us' })).json().data.email).toBe('help@souq.om');
    await app.db
      .updateTable('settings')
      .set({ value: JSON.stringify('care@souq.om') })
      .where('key', '=', 'contact_email')
      .execute();
  });
});

describe('POST /support (the contact form)', () => {
  it('refuses what is missing or malformed with 422 naming each field, and stores nothing', async () => {
    const before = (await stored()).length;
    const empty = await send({});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'message', 'name', 'phone', 'subject']);
    expect(empty.json().errors.email).toEqual(['The email field is required when phone is not present.']);
    const cases: Array<[object, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: '', phone: '12ab' }, 'phone'],
      [{ email: '', phone: '1234' }, 'phone'],
      [{ name: 'A' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ subject: 'Hi\u0000' }, 'subject'],
      [{ message: 'Too short' }, 'message'],
      [{ message: 'x'.repeat(3001) }, 'message'],
      [{ message: 'Bell\u0007 in the middle of a message' }, 'message'],
      [{ name: 42 }, 'name'],
    ];
    for (const [over, field] of cases) {
      const res = await send({ ...valid, ...over });
      expect({ over, status: res.statusCode }).toEqual({ over, status: 422 });
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await send('not json', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it('stores a message with an e-mail or only a phone, and links a signed-in customer', async () => {
    const before = (await stored()).length;
    const res = await send(valid, { 'x-forwarded-for': '10.9.9.9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/Thank you/);
    const c = await makeCustomer(app);
    const byPhone = await send(
      { ...valid, email: '', phone: '+968 9123-4567', message: 'Line one\r\nLine two of my question.' },
      c.auth,
    );
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    const rows = (await stored()).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      name: valid.name,
      email: valid.email,
      phone: null,
      subject: valid.subject,
      user_id: null,
      mailed_at: null,
    });
    expect(rows[1]).toMatchObject({
      email: null,
      phone: '+96891234567',
      user_id: c.id,
      message: 'Line one\nLine two of my question.',
    });
  });

  it('limits the messages of one client IP per window (429 with Retry-After); refused ones do not count', async () => {
    const limited = await createTestApp({ support: { contactLimitPerIp: 2, postLimitPerUser: 30, fileUrlTtlMin: 30 } });
    expect((await send({}, {}, limited)).statusCode).toBe(422);
    expect((await send(valid, {}, limited)).statusCode).toBe(200);
    expect((await send(valid, {}, limited)).statusCode).toBe(200);
    const third = await send(valid, {}, limited);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/Too many messages sent/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await limited.db.selectFrom('contact_messages').select('id').execute()).length).toBe(2);
  });

  it('mails the message to the shop through SMTP, with the sender as Reply-To', async () => {
    const received: Array<{ to: string[]; text: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, done) {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;
    const mailApp = await createTestApp({
      accounts: {
        ...app.config.accounts,
        mail: { driver: 'smtp', host: '127.0.0.1', port, secure: false, from: 'Souq <no-reply@souq.test>' },
      },
    });
    const res = await send({ ...valid, subject: 'هدايا الشركات' }, {}, mailApp);
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['care@souq.om']);
    const mail = received[0]!.text;
    expect(mail).toMatch(/^Reply-To: "Aisha Al-Balushi" <aisha@example\.com>/m);
    expect(mail).toMatch(/^From: Souq <no-reply@souq\.test>/m);
    const body = quotedPrintable(mail.slice(mail.indexOf('\r\n\r\n')));
    expect(body).toContain('Subject: هدايا الشركات');
    expect(body).toContain(valid.message);
    for (let i = 0; i < 100; i++) {
      const row = await mailApp.db.selectFrom('contact_messages').select('mailed_at').executeTakeFirst();
      if (row?.mailed_at) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(
      (await mailApp.db.selectFrom('contact_messages').select('mailed_at').executeTakeFirstOrThrow()).mailed_at,
    ).toBeTruthy();
  });

  it('keeps the message when the mail server cannot be reached', async () => {
    const mailApp = await createTestApp({
      accounts: {
        ...app.config.accounts,
        mail: { driver: 'smtp', host: '127.0.0.1', port: 9, secure: false, from: 'Souq <no-reply@souq.test>' },
      },
    });
    const res = await send(valid, {}, mailApp);
    expect(res.statusCode).toBe(200);
    const row = await mailApp.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subject: valid.subject, mailed_at: null });
  });
});
