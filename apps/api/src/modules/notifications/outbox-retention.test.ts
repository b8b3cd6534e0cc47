import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { insertRows, type NewOutboxRow } from './outbox.repository';
import { createOutboxWorker, PURGE_BATCH, PURGE_EVERY_MS } from './worker';

/**
 * OUTBOX_RETENTION_DAYS (decision 046): the worker deletes the sent and failed messages older than the
 * retention, at most once an hour by the app's clock, in batches; pending ones are never deleted; 0
 * keeps everything.
 */
const DAY = 86_400_000;
let clock = new Date('2027-06-01T00:00:00.000Z');
const app = await createTestApp({ now: () => clock });
const settings = { ...app.config.notifications.outbox, retentionDays: 30 };
const quiet = { info() {}, warn() {}, error() {} };
const workerWith = (retentionDays: number) =>
  createOutboxWorker({
    db: app.db,
    dialect: app.dialect,
    settings: { ...settings, retentionDays },
    now: app.config.now,
    mailer: null,
    sms: null,
    log: quiet,
  });

let seq = 0;
/** Rows whose last attempt was due `daysAgo` days before the clock; their ids. */
async function rows(status: NewOutboxRow['status'], daysAgo: number, n = 1) {
  const at = new Date(clock.getTime() - daysAgo * DAY).toISOString();
  const tag = `ret-${++seq}`;
  await insertRows(
    app.db,
    Array.from({ length: n }, (_, i) => ({
      kind: 'order.placed',
      channel: 'email' as const,
      recipient_type: 'user',
      recipient_id: 1,
      address: `${tag}-${i}@example.com`,
      locale: 'en',
      subject: tag,
      body: 'Body',
      ref: null,
      status,
      attempts: 1,
      next_attempt_at: at,
      locked_until: null,
      locked_by: null,
      last_error: status === 'failed' ? 'gone' : null,
      created_at: at,
      sent_at: status === 'sent' ? at : null,
    })),
  );
  return (await app.db.selectFrom('outbox').select('id').where('subject', '=', tag).execute()).map((r) => r.id);
}
const remaining = async (ids: number[]) =>
  ids.length ? (await app.db.selectFrom('outbox').select('id').where('id', 'in', ids).execute()).length : 0;

describe('outbox retention', () => {
  it('deletes sent and failed messages past the retention, keeps the rest, at most once an hour', async () => {
    const oldSent = await rows('sent', 31, 3);
    const oldFailed = await rows('failed', 45);
    const oldPending = await rows('pending', 90);
    const oldSending = await rows('sending', 90);
    const recentSent = await rows('sent', 29);
    const recentFailed = await rows('failed', 1);
    const worker = workerWith(30);

    expect(await worker.purge()).toBeGreaterThanOrEqual(4);
    expect(await remaining([...oldSent, ...oldFailed])).toBe(0);
    expect(await remaining([...oldPending, ...oldSending, ...recentSent, ...recentFailed])).toBe(4);
    const t0 = clock.getTime();

    // Within the hour (by the app's clock) nothing more is deleted, not even an old one written since.
    const laterOld = await rows('sent', 31);
    clock = new Date(t0 + PURGE_EVERY_MS - 1);
    expect(await worker.purge()).toBe(0);
    expect(await remaining(laterOld)).toBe(1);
    // An hour after the last run it runs again.
    clock = new Date(t0 + PURGE_EVERY_MS);
    expect(await worker.purge()).toBeGreaterThanOrEqual(1);
    expect(await remaining(laterOld)).toBe(0);
    expect(await remaining(recentSent)).toBe(1);
    // Two days on, the one 29 days old has crossed the retention.
    clock = new Date(t0 + 2 * DAY);
    expect(await worker.purge()).toBeGreaterThanOrEqual(1);
    expect(await remaining(recentSent)).toBe(0);
    expect(await remaining([...oldPending, ...oldSending, ...recentFailed])).toBe(3);
  });

  it('deletes a backlog in batches, and a failed message sent again is due anew (kept)', async () => {
    const backlog = await rows('sent', 400, PURGE_BATCH * 2 + 7);
    const failed = await rows('failed', 400);
    // Sent again by the console: due now.
    await app.db
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: clock.toISOString() })
      .where('id', 'in', failed)
      .execute();
    expect(await workerWith(30).purge(true)).toBeGreaterThanOrEqual(PURGE_BATCH * 2 + 7);
    expect(await remaining(backlog)).toBe(0);
    expect(await remaining(failed)).toBe(1);
  });

  it('keeps every message with OUTBOX_RETENTION_DAYS=0', async () => {
    const old = await rows('sent', 10_000, 2);
    expect(await workerWith(0).purge(true)).toBe(0);
    expect(await remaining(old)).toBe(2);
  });

  it('runs in the worker’s loop', async () => {
    const old = await rows('failed', 60);
    const worker = workerWith(30);
    worker.start();
    await expect.poll(() => remaining(old), { timeout: 5000 }).toBe(0);
    await worker.stop();
  });
});
