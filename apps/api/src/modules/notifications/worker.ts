import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db';
import type { Mailer } from '../../shared/mailer';
import type { SmsSender } from '../../shared/sms';
import type { OutboxSettings } from '../../config';
import * as repo from './outbox.repository';

// The worker's settings are the configuration's (OUTBOX_*): their type lives with it.
export type { OutboxSettings } from '../../config';

/** The longest a batch of the purge waits for a busy process to calm down (ms). */
export const YIELD_MAX_MS = 1000;
/** The purge of old messages runs at most this often per process (ms), */
export const PURGE_EVERY_MS = 3_600_000;
/** deleting this many rows per statement (each a short write), */
export const PURGE_BATCH = 500;
/** and at most this many statements per run (the rest waits for the next run). */
export const PURGE_MAX_BATCHES = 200;
const DAY_MS = 86_400_000;

export interface OutboxWorkerDeps {
  db: Db;
  dialect: Dialect;
  settings: OutboxSettings;
  now: () => Date;
  /** Null with MAIL_DRIVER=log / SMS_DRIVER=log: the message is logged and counted as sent. */
  mailer: Mailer | null;
  sms: SmsSender | null;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The delay before attempt `attempts + 1` after `attempts` failed ones. */
export const backoff = (attempts: number, s: Pick<OutboxSettings, 'backoffMs' | 'backoffMaxMs'>) =>
  Math.min(s.backoffMaxMs, s.backoffMs * 2 ** Math.max(0, attempts - 1));

/**
 * The outbox's sender (decision 046), one per server process: claims due rows under a lease, sends each
 * through the mailer or the SMS gateway, marks it sent, or schedules its next attempt with exponential
 * back-off. `stop()` ends it cleanly: no new claim, the messages being sent finish and are marked, the
 * claimed ones not yet tried are given back at once.
 */
export function createOutboxWorker(deps: OutboxWorkerDeps) {
  const { db, settings: s } = deps;
  const id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopping = false;
  let crashed = false;
  let wake: (() => void) | null = null;
  let running: Promise<void> | null = null;
  // The event loop's recent load, sampled every 100 ms while the worker runs.
  let busy = false;
  let sampler: NodeJS.Timeout | null = null;
  let lastElu = performance.eventLoopUtilization();
  const sample = () => {
    const now = performance.eventLoopUtilization();
    busy = performance.eventLoopUtilization(now, lastElu).utilization >= s.yieldAbove;
    lastElu = now;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Lets the requests of a busy process go first, until `until` (the app's clock, ms) at the latest. */
  async function courtesy(until: number) {
    while (busy && !stopping && deps.now().getTime() < until) await sleep(50);
  }

  async function deliver(row: repo.OutboxRow) {
    if (row.channel === 'email') {
      if (!deps.mailer) {
        deps.log.info(
          { outbox: row.id, to: row.address, kind: row.kind },
          `notification not sent (MAIL_DRIVER=log): ${row.subject}`,
        );
        return;
      }
      await deps.mailer.send({
        to: row.address,
        subject: row.subject,
        text: row.body,
        headers: { 'X-Souq-Notification': String(row.id) },
      });
    } else {
      if (!deps.sms) {
        deps.log.info({ outbox: row.id, to: row.address, kind: row.kind }, 'notification not sent (SMS_DRIVER=log)');
        return;
      }
      await deps.sms.send({ to: row.address, message: row.body, reference: `notification-${row.id}` });
    }
  }

  async function sendOne(row: repo.OutboxRow) {
    // A message waits for a busy process at most OUTBOX_DEFER_MAX_MS from when it became due: a burst of
    // requests shorter than that pays nothing for its notifications; under longer load they go anyway.
    await courtesy(Date.parse(row.next_attempt_at) + s.deferMaxMs);
    try {
      await deliver(row);
    } catch (error) {
      const last = row.attempts >= s.maxAttempts;
      const next = new Date(deps.now().getTime() + backoff(row.attempts, s)).toISOString();
      const message = error instanceof Error ? error.message : String(error);
      // Called on the logger (pino's methods need it as `this`): an unbound call threw here, and the
      // row stayed `sending` until its lease ran out, never marked failed nor given its back-off.
      const fields = { outbox: row.id, attempts: row.attempts, err: message };
      if (last) deps.log.error(fields, 'notification failed for good');
      else deps.log.warn(fields, 'notification not sent; it will be tried again');
      await repo.markFailed(db, row.id, id, message, next, last);
      return;
    }
    if (!(await repo.markSent(db, row.id, id, deps.now().toISOString())))
      deps.log.warn({ outbox: row.id }, 'notification sent after its lease ran out: another worker may send it again');
  }

  let lastPurge: number | null = null;
  /**
   * Deletes the `sent` and `failed` messages older than OUTBOX_RETENTION_DAYS (0: none), in batches of
   * PURGE_BATCH; answers how many. At most once per PURGE_EVERY_MS of the app's clock unless `force`.
   * Every process's worker purges: two at once delete different rows or none (a delete is idempotent).
   */
  async function purge(force = false): Promise<number> {
    if (s.retentionDays <= 0) return 0;
    const now = deps.now().getTime();
    if (!force && lastPurge !== null && now - lastPurge < PURGE_EVERY_MS) return 0;
    lastPurge = now;
    const before = new Date(now - s.retentionDays * DAY_MS).toISOString();
    let total = 0;
    for (let i = 0; i < PURGE_MAX_BATCHES && !stopping; i++) {
      const n = await repo.purgeBatch(db, before, PURGE_BATCH);
      total += n;
      if (n < PURGE_BATCH) break;
      await courtesy(deps.now().getTime() + YIELD_MAX_MS);
    }
    if (total) deps.log.info({ deleted: total, retentionDays: s.retentionDays }, 'outbox: old messages deleted');
    return total;
  }

  /** One claim and its sends; the number of rows claimed. */
  async function tick(): Promise<number> {
    const now = deps.now();
    const rows = await repo.claim(
      db,
      deps.dialect,
      id,
      now.toISOString(),
      new Date(now.getTime() + s.leaseMs).toISOString(),
      s.batchSize,
    );
    let next = 0;
    const lane = async () => {
      while (!stopping && next < rows.length) await sendOne(rows[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(s.concurrency, rows.length) }, lane));
    // Stopping: what was claimed and not tried goes back (a crash leaves it to the lease's end instead).
    if (next < rows.length && !crashed)
      await repo.release(
        db,
        rows.slice(next).map((r) => r.id),
        id,
      );
    return rows.length;
  }

  async function loop() {
    while (!stopping) {
      let claimed = 0;
      try {
        await purge();
      } catch (error) {
        if (!stopping) deps.log.warn({ err: error }, 'outbox worker: deleting old messages failed');
      }
      try {
        claimed = await tick();
      } catch (error) {
        if (!stopping) deps.log.warn({ err: error }, 'outbox worker: claiming failed');
      }
      if (stopping || claimed >= s.batchSize) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, s.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    id,
    start() {
      if (running) return;
      if (s.yieldAbove < 1) {
        sample();
        sampler = setInterval(sample, 100);
        sampler.unref();
      }
      running = loop();
    },
    /** Looks at the outbox now instead of at the next poll. */
    poke() {
      wake?.();
    },
    /** Stops: the sends under way finish and are marked; the rest of the claim is given back. */
    async stop() {
      stopping = true;
      wake?.();
      if (sampler) clearInterval(sampler);
      await running;
      deps.mailer?.close();
    },
    /** Tests: stops as a crash would (the claimed rows wait for their lease to run out). */
    async crash() {
      crashed = true;
      stopping = true;
      wake?.();
      if (sampler) clearInterval(sampler);
      await running;
      deps.mailer?.close();
    },
    /** One claim and its sends, without the loop (tests). */
    tick,
    /** The loop's purge of old messages (tests; `force`: even within the hour). */
    purge,
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
