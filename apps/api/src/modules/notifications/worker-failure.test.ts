import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { insertRows } from './outbox.repository';
import { createOutboxWorker } from './worker';

/**
 * A failed send with the server's own logger (pino, whose methods need their logger as `this`): the row is
 * given its back-off, or marked failed after the last attempt, and the failure is logged. (The worker once
 * called the method unbound: it threw, and the row stayed `sending` until its lease ran out.)
 */
const app = await createTestApp();
const lines: Array<{ level: number; msg: string; outbox: number }> = [];
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  }),
);
const refusing = {
  async send() {
    throw new Error('Mail command failed: 421 service not available');
  },
  close() {},
};

async function addPending(address: string) {
  const at = app.config.now().toISOString();
  await insertRows(app.db, [
    {
      kind: 'order.placed',
      channel: 'email',
      recipient_type: 'user',
      recipient_id: 1,
      address,
      locale: 'en',
      subject: 'Subject',
      body: 'Body',
      ref: null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: at,
      sent_at: null,
    },
  ]);
  return (await app.db.selectFrom('outbox').select('id').where('address', '=', address).executeTakeFirstOrThrow()).id;
}
const rowOf = (id: number) => app.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('outbox worker: a failed send', () => {
  it('is scheduled again with its error, then failed for good after the last attempt, each logged', async () => {
    const id = await addPending('refused@example.com');
    const worker = createOutboxWorker({
      db: app.db,
      dialect: app.dialect,
      settings: { ...app.config.notifications.outbox, maxAttempts: 2, backoffMs: 10, backoffMaxMs: 10, yieldAbove: 1 },
      now: app.config.now,
      mailer: refusing,
      sms: null,
      log,
    });
    await worker.tick();
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      locked_by: null,
      last_error: 'Mail command failed: 421 service not available',
    });
    await new Promise((r) => setTimeout(r, 30));
    await worker.tick();
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 2, locked_by: null });
    expect(lines.filter((l) => l.outbox === id).map((l) => [l.level, l.msg])).toEqual([
      [40, 'notification not sent; it will be tried again'],
      [50, 'notification failed for good'],
    ]);
  });
});
