import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type AppConfig, testConfig } from '../../config';
import { createDb } from '../../db';
import { createTestApp, testDialect } from '../../../test/helpers';
import { insertRows, type NewOutboxRow } from './outbox.repository';
import { smsPeer, smtpPeer, until } from './test-peers';
import type { OutboxSettings } from './worker';

/**
 * The outbox's delivery (issue 38, decision 046): an SMTP or SMS outage delays messages and loses none; a
 * restart (clean, or a crash that leaves its claim to the lease) loses and repeats none; two server
 * processes on one PostgreSQL database send each message exactly once. Each "process" is a whole app
 * (buildApp) with its own connections to the database of this file.
 */
const smtp = await smtpPeer();
const sms = await smsPeer();
afterAll(async () => {
  await smtp.close();
  await sms.close();
});

const base = await createTestApp();
const FAST: OutboxSettings = {
  pollMs: 50,
  batchSize: 10,
  concurrency: 2,
  maxAttempts: 50,
  backoffMs: 100,
  backoffMaxMs: 400,
  leaseMs: 10_000,
  yieldAbove: 1,
  deferMaxMs: 0,
  retentionDays: 0,
};

/** A server process on this file's database, its worker on (started: the app is ready). */
async function serverProcess(outbox: Partial<OutboxSettings> = {}) {
  const config: AppConfig = testConfig({
    database: base.config.database,
    dataDir: base.config.dataDir,
    accounts: { ...base.config.accounts, mail: smtp.mailConfig, sms: sms.smsConfig },
    notifications: { enabled: true, worker: true, outbox: { ...FAST, ...outbox } },
  });
  const opened = createDb(config.database);
  const app = await buildApp(config, { db: opened, prepareDatabase: false });
  await app.ready();
  let closed = false;
  return {
    app,
    worker: app.notifications.worker!,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await opened.db.destroy();
      if (opened.relaxed && opened.relaxed !== opened.db) await opened.relaxed.destroy();
      if (opened.reads && opened.reads !== opened.db) await opened.reads.destroy();
    },
  };
}

let tagSeq = 0;
/** `n` messages written straight into the outbox (e-mails, and every `smsEvery`th an SMS); their ids. */
async function enqueue(n: number, smsEvery = 0): Promise<number[]> {
  const tag = `${process.pid}-${++tagSeq}`;
  const at = new Date().toISOString();
  const rows: NewOutboxRow[] = Array.from({ length: n }, (_, i) => {
    const text = smsEvery > 0 && i % smsEvery === 0;
    return {
      kind: 'test',
      channel: text ? 'sms' : 'email',
      recipient_type: 'user',
      recipient_id: 1,
      address: text ? `+9689${String(tagSeq).padStart(3, '0')}${String(i).padStart(4, '0')}` : `r${tag}-${i}@example.com`,
      locale: 'en',
      subject: `Test ${tag} ${i}`,
      body: `Message ${tag} ${i}`,
      ref: null,
      status: 'pending',
      next_attempt_at: at,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: at,
      sent_at: null,
    };
  });
  await insertRows(base.db, rows);
  const ids = await base.db.selectFrom('outbox').select('id').where('subject', 'like', `Test ${tag} %`).orderBy('id').execute();
  return ids.map((r) => r.id);
}

/** How many times each message of `ids` reached the SMTP server or the SMS gateway. */
function deliveries(ids: number[]) {
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const m of smtp.state.received)
    if (m.outboxId !== null && counts.has(m.outboxId)) counts.set(m.outboxId, counts.get(m.outboxId)! + 1);
  for (const m of sms.state.received) {
    const id = Number(/^notification-(\d+)$/.exec(m.reference ?? '')?.[1]);
    if (counts.has(id)) counts.set(id, counts.get(id)! + 1);
  }
  return counts;
}
const deliveredCount = (ids: number[]) => [...deliveries(ids).values()].filter((n) => n > 0).length;
const statuses = async (ids: number[]) =>
  base.db
    .selectFrom('outbox')
    .select(['id', 'status', 'attempts', 'last_error', 'locked_by'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

describe('an SMTP or SMS outage', () => {
  it('delays the messages, each tried again with back-off, and loses none', async () => {
    const p = await serverProcess();
    try {
      smtp.state.refusing = true;
      sms.state.refusing = true;
      const ids = await enqueue(6, 3);
      // Every message is tried, refused, and tried again later: nothing is given up, nothing delivered.
      expect(
        await until(async () => (await statuses(ids)).every((r) => r.attempts >= 3 && r.status === 'pending' && r.last_error)),
      ).toBe(true);
      expect(deliveredCount(ids)).toBe(0);
      expect(smtp.state.refused).toBeGreaterThanOrEqual(8);

      // The servers come back: every message goes, once.
      smtp.state.refusing = false;
      sms.state.refusing = false;
      expect(await until(async () => (await statuses(ids)).every((r) => r.status === 'sent'))).toBe(true);
      expect([...deliveries(ids).values()]).toEqual(ids.map(() => 1));
      expect(await p.app.notifications.depth()).toBe(0);
    } finally {
      smtp.state.refusing = false;
      sms.state.refusing = false;
      await p.close();
    }
  });

  it('gives a message up after the last attempt (failed, kept with its error)', async () => {
    const p = await serverProcess({ maxAttempts: 2 });
    try {
      smtp.state.refusing = true;
      const [id] = await enqueue(1);
      expect(await until(async () => (await statuses([id!]))[0]!.status === 'failed')).toBe(true);
      const [row] = await statuses([id!]);
      expect(row).toMatchObject({ attempts: 2, status: 'failed' });
      expect(row!.last_error).toMatch(/421|not available/i);
    } finally {
      smtp.state.refusing = false;
      await p.close();
    }
  });
});

describe('a restart mid-batch', () => {
  it('closed cleanly: the message being sent is finished and marked, the rest of the claim is given back; none lost or repeated', async () => {
    smtp.state.delayMs = 150;
    const first = await serverProcess({ concurrency: 1, batchSize: 10 });
    const ids = await enqueue(24);
    try {
      expect(await until(() => deliveredCount(ids) >= 3)).toBe(true);
    } finally {
      await first.close();
    }
    const after = await statuses(ids);
    // Nothing stays claimed by the stopped process: what it did not send is due again at once.
    expect(after.filter((r) => r.status === 'sending')).toEqual([]);
    expect(after.filter((r) => r.status === 'sent').length).toBe(deliveredCount(ids));
    expect(after.filter((r) => r.status === 'pending').every((r) => r.attempts === 0)).toBe(true);
    expect(deliveredCount(ids)).toBeLessThan(ids.length);

    smtp.state.delayMs = 0;
    const second = await serverProcess();
    try {
      expect(await until(async () => (await statuses(ids)).every((r) => r.status === 'sent'))).toBe(true);
      expect([...deliveries(ids).values()]).toEqual(ids.map(() => 1));
    } finally {
      await second.close();
    }
  });

  it('after a crash: the claimed messages wait for their lease to run out, then another process sends them; none lost or repeated', async () => {
    smtp.state.delayMs = 150;
    const crashed = await serverProcess({ concurrency: 1, batchSize: 10, leaseMs: 1500 });
    const ids = await enqueue(15);
    expect(await until(() => deliveredCount(ids) >= 2)).toBe(true);
    await crashed.worker.crash();
    const held = (await statuses(ids)).filter((r) => r.status === 'sending');
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((r) => r.locked_by === crashed.worker.id)).toBe(true);
    await crashed.close();

    smtp.state.delayMs = 0;
    const next = await serverProcess({ leaseMs: 1500 });
    try {
      expect(await until(async () => (await statuses(ids)).every((r) => r.status === 'sent'))).toBe(true);
      expect([...deliveries(ids).values()]).toEqual(ids.map(() => 1));
    } finally {
      await next.close();
    }
  });
});

describe.skipIf(testDialect() !== 'postgres')('two server processes on one PostgreSQL database', () => {
  it('send each message exactly once, sharing the work', async () => {
    smtp.state.delayMs = 5;
    const a = await serverProcess({ batchSize: 5, concurrency: 2 });
    const b = await serverProcess({ batchSize: 5, concurrency: 2 });
    const workers = new Set<string>();
    try {
      const ids = await enqueue(200, 10);
      expect(
        await until(async () => {
          for (const r of await statuses(ids)) if (r.locked_by) workers.add(r.locked_by);
          return (await statuses(ids)).every((r) => r.status === 'sent');
        }, 60_000),
      ).toBe(true);
      expect([...deliveries(ids).values()]).toEqual(ids.map(() => 1));
      expect(workers).toEqual(new Set([a.worker.id, b.worker.id]));
    } finally {
      smtp.state.delayMs = 0;
      await a.close();
      await b.close();
    }
  });
});

describe('a busy process', () => {
  it('lets its requests go first: a due message waits while the event loop is busier than OUTBOX_YIELD_ELU, at most OUTBOX_DEFER_MAX_MS, then goes', async () => {
    // yieldAbove 0: the process always counts as busy, so each message waits the longest: until
    // deferMaxMs after it became due, whatever else is waiting. Both are due now: both wait about as long.
    const deferMaxMs = 3000;
    const p = await serverProcess({ yieldAbove: 0, concurrency: 1, deferMaxMs });
    try {
      const started = Date.now();
      const ids = await enqueue(2);
      expect(await until(async () => (await statuses(ids)).every((r) => r.status === 'sent'))).toBe(true);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(deferMaxMs - 200);
      // Not one wait per message (the second was due as long as the first).
      expect(took).toBeLessThan(2 * deferMaxMs);
      expect([...deliveries(ids).values()]).toEqual([1, 1]);
    } finally {
      await p.close();
    }
  });

  it('sends at once when the process is not busy, and when OUTBOX_DEFER_MAX_MS is 0 even when it is', async () => {
    for (const settings of [{ yieldAbove: 1, deferMaxMs: 30_000 }, { yieldAbove: 0, deferMaxMs: 0 }]) {
      const p = await serverProcess({ ...settings, concurrency: 1 });
      try {
        const started = Date.now();
        const ids = await enqueue(2);
        expect(await until(async () => (await statuses(ids)).every((r) => r.status === 'sent'))).toBe(true);
        expect(Date.now() - started, JSON.stringify(settings)).toBeLessThan(1000);
      } finally {
        await p.close();
      }
    }
  });
});
