import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  body: string;
  /** The outbox row it came from (X-Souq-Notification). */
  outboxId: number | null;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package): what the app mails lands in `received`.
 * While `refusing`, every message is refused with a temporary error (421), as a server in an outage;
 * `delayMs` holds each message that long before accepting it.
 */
export async function smtpPeer() {
  const state = { refusing: false, delayMs: 0, refused: 0, received: [] as ReceivedMail[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, done) {
      if (!state.refusing) return done();
      state.refused++;
      const error = new Error('Service not available, try again later') as Error & { responseCode: number };
      error.responseCode = 421;
      done(error);
    },
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        setTimeout(() => {
          state.received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...decodeMail(raw) });
          done();
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    state,
    port,
    mailConfig: { driver: 'smtp' as const, host: '127.0.0.1', port, secure: false, from: 'Souq <no-reply@souq.test>' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local SMS gateway (SMS_DRIVER=http): what the app texts lands in `received`; `refusing` answers 503. */
export async function smsPeer() {
  const state = { refusing: false, received: [] as { to: string; message: string; reference?: string }[] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (state.refusing) {
        res.writeHead(503).end();
        return;
      }
      state.received.push(JSON.parse(raw) as { to: string; message: string; reference?: string });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    smsConfig: { driver: 'http' as const, url: `http://127.0.0.1:${port}/send` },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The subject (RFC 2047 words decoded), the text body and the X-Souq-Notification header of a raw mail. */
export function decodeMail(raw: string): { subject: string; body: string; outboxId: number | null } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const rest = raw.slice(split + 4);
  const word = (s: string) =>
    s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
  const subject = word(/^Subject: (.*)$/m.exec(head)?.[1] ?? '').trim();
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rest.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(rest)
        : rest;
  const id = /^X-Souq-Notification: (\d+)/im.exec(head)?.[1];
  return { subject, body, outboxId: id ? Number(id) : null };
}

const qp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Polls `check` until it is true (every 50 ms, for up to `ms`); false if it never was. */
export async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
