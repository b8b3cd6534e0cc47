#!/usr/bin/env node
// The operator console's writes reaching /api/master (issue 37, BACKOFFICE.md "Operator console"): two API
// processes on one PostgreSQL database and one Redis (as production scales out), each with its answer
// cache on at the default 5 s (CATALOG_CACHE_TTL_MS) and the settings' own 5 s cache. Each round the
// operator changes a setting (otp_length) or a currency's rate (USD) through instance A; guests poll
// /api/master on A and on B (every 5 ms, both warm: their answers come from the caches) until they see
// the new value. Time to visible: from the moment the write was sent to the first answer that shows it.
//   node bench/console-master.mjs [--strict] [--rounds 40] [--postgres URL] [--redis URL]
// Budget: a setting or currency rate changed in the console reaches /api/master on every instance within
// 1 s (the worst of the rounds, on either instance).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { fmt } from './lib/load.mjs';
import { startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '40' },
    postgres: { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const rounds = Number(values.rounds);
const BUDGET_MS = 1000;
const POLL_MS = 5;

console.log(
  `console → /api/master bench: ${new Date().toISOString()}, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);

const { default: pg } = await import('pg');
const name = `souq_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: values.postgres });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(values.postgres);
url.pathname = `/${name}`;
const env = {
  DATABASE_URL: url.toString(),
  REDIS_URL: values.redis,
  REDIS_PREFIX: `bench-${name}:`,
  PUSHER_APP_KEY: 'bench-key',
  PUSHER_APP_SECRET: 'bench-console-master-secret-0123456789',
  // The local environment seeds the demo operator (admin@souq.om).
  APP_ENV: 'local',
  SERVE_WEB: 'false',
};

let a;
let b;
let failed = false;
try {
  // One after the other: the first migrates and seeds the new database.
  a = await startServer({ env });
  b = await startServer({ env });

  const call = async (base, method, path, token, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const token = (await call(a.base, 'POST', '/api/admin/login', null, { email: 'admin@souq.om', password: 'password' })).data
    .access.token;
  const master = async (base) => (await call(base, 'GET', '/api/master', null)).data;
  const usd = (await call(a.base, 'GET', '/api/admin/currencies', token)).data.currencies.find((c) => c.code === 'USD');
  if (!usd) throw new Error('the demo seed has no USD');

  /** Polls `base` until `seen(master)`: ms since `since`, or Infinity after 5 s. */
  async function visible(base, since, seen) {
    while (performance.now() - since < 5000) {
      if (seen(await master(base))) return performance.now() - since;
      await sleep(POLL_MS);
    }
    return Infinity;
  }

  const times = { setting: { A: [], B: [] }, rate: { A: [], B: [] } };
  for (let i = 0; i < rounds; i++) {
    // Both instances warm: the next answers come from their caches.
    await Promise.all([master(a.base), master(b.base)]);
    await Promise.all([master(a.base), master(b.base)]);
    const kind = i % 2 ? 'rate' : 'setting';
    // Consecutive setting rounds differ (5, 6, 7, 5, …), and so do the rates.
    const otp = 5 + (Math.floor(i / 2) % 3);
    const rate = Number((2.5 + i / 1000).toFixed(4));
    const seen =
      kind === 'setting'
        ? (m) => m.otp_length === otp
        : (m) => m.currencies.find((c) => c.code === 'USD')?.rate_from_default === rate;
    const since = performance.now();
    const write =
      kind === 'setting'
        ? call(a.base, 'PUT', '/api/admin/settings', token, { otp_length: otp })
        : call(a.base, 'PUT', `/api/admin/currencies/${usd.id}`, token, { rate_from_default: rate });
    const [, onA, onB] = await Promise.all([write, visible(a.base, since, seen), visible(b.base, since, seen)]);
    times[kind].A.push(onA);
    times[kind].B.push(onB);
    await sleep(50);
  }
  await call(a.base, 'PUT', '/api/admin/settings', token, { otp_length: 4 });

  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const head = ['write, seen on', 'rounds', 'p50 ms', 'p95 ms', 'max ms', 'budget', 'result'];
  const rows = [];
  for (const kind of ['setting', 'rate'])
    for (const where of ['A', 'B']) {
      const s = [...times[kind][where]].sort((x, y) => x - y);
      const pass = s.length > 0 && s[s.length - 1] <= BUDGET_MS;
      if (!pass) failed = true;
      rows.push([
        `${kind === 'setting' ? 'setting (otp_length)' : 'USD rate'} through A, seen on ${where === 'A' ? 'A (same)' : 'B (other)'}`,
        String(s.length),
        fmt(pct(s, 0.5)),
        fmt(pct(s, 0.95)),
        fmt(s[s.length - 1]),
        `max ≤ ${BUDGET_MS}`,
        pass ? 'PASS' : 'FAIL',
      ]);
    }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\ntime from the console's write to /api/master showing it (two instances, PostgreSQL + Redis, answer cache 5 s)`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
} catch (error) {
  console.log(`\nnot measured: ${error.message}`);
  failed = true;
} finally {
  await a?.stop();
  await b?.stop();
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}
if (failed && values.strict) process.exit(1);
