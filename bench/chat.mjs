#!/usr/bin/env node
// Chat and realtime benchmarks (issue 17, decision 019). Prints figures against the budgets; not a test.
//   node bench/chat.mjs [--only delivery,cluster,idle,http] [--clients 2000] [--rate 200] [--duration 10]
//                       [--idle 20000] [--http-rate 300] [--strict]
// Budgets:
// - delivery: --clients connected customers, --rate messages a second sent by sellers through the API
//   (POST /api/seller/send-message) to random customers: send-to-receive p95 ≤ 25 ms, p99 ≤ 60 ms, none
//   lost, on one process; the same with two processes on PostgreSQL + Redis, the senders' requests on
//   one and the customers' sockets on the other: p95 ≤ 40 ms;
// - idle: --idle authenticated sockets (each subscribed to its own customer's channel) on one process:
//   resident memory ≤ 500 MiB, and a message still arrives in ≤ 50 ms;
// - http: GET /api/get-message and GET /api/get-shops, signed in, at --http-rate a second: p99 ≤ 30 ms.
// Clients are raw WebSockets speaking the Pusher protocol (handshake, authorisation through
// POST /api/broadcasting/auth with the customer's token, subscribe, pongs) in this process: light
// enough to hold thousands. Customers, their tokens and their conversations are written straight into
// the server's database before the measuring (thousands of sign-ups would only measure argon2).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { cpuMs, fixedRate, fmt, judge, printTable } from './lib/load.mjs';
import { startServer } from './lib/server.mjs';

// Thousands of sockets need as many file descriptors on both ends: raise the limit, then run again.
if (process.env.BENCH_CHAT_NOFILE !== '1') {
  const args = process.argv
    .slice(2)
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const r = spawnSync(
    'bash',
    [
      '-c',
      `ulimit -n 65536 2>/dev/null || ulimit -n $(ulimit -Hn); exec "${process.execPath}" "${import.meta.filename}" ${args}`,
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_CHAT_NOFILE: '1' },
    },
  );
  process.exit(r.status ?? 1);
}

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'delivery,cluster,idle,http' },
    clients: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    /** Default: 20,000, or fewer when the file descriptor limit (both ends hold one per socket) is lower. */
    idle: { type: 'string' },
    'http-rate': { type: 'string', default: '300' },
    postgres: { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    strict: { type: 'boolean', default: false },
  },
});
const only = new Set(values.only.split(','));
const SECRET = randomBytes(24).toString('hex');
const KEY = 'bench-key';
const serverEnv = {
  PUSHER_APP_KEY: KEY,
  PUSHER_APP_SECRET: SECRET,
  APP_ENV: 'test',
  SERVE_WEB: 'false',
};
const results = [];
const nofile = spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
console.log(
  `chat bench: ${new Date().toISOString()}, file descriptor limit ${nofile}, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);

// --- The database: customers, tokens, conversations ---------------------------------------------------

const sha256 = (t) => createHash('sha256').update(t).digest('hex');

/** Opens the server's database (SQLite file or PostgreSQL) for the fixtures. */
async function openDb(server, pgUrl) {
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    return {
      all: async (text, params = []) =>
        (
          await client.query(
            text.replace(/\?/g, (_m, i) => `$${countBefore(text, i)}`),
            params,
          )
        ).rows,
      close: () => client.end(),
    };
  }
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(path.join(server.dataDir, 'storefront.sqlite'));
  db.pragma('busy_timeout = 10000');
  return {
    all: async (text, params = []) => {
      const st = db.prepare(text);
      return st.reader ? st.all(...params) : (st.run(...params), []);
    },
    close: async () => db.close(),
  };
}
/** The n-th `?` (1-based) at index i: PostgreSQL's $n. */
const countBefore = (text, i) => text.slice(0, i + 1).split('?').length - 1;

/**
 * N customers, each with a token and a conversation with one of the 8 demo shops (customer i with
 * shop i % 8 + 1); the sellers' tokens. Answers [{userId, token, shopId}] and {shopId: sellerToken}.
 */
async function makeCustomers(db, n, tag) {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const customers = [];
  for (let start = 0; start < n; start += 500) {
    const count = Math.min(500, n - start);
    const rows = Array.from({ length: count }, (_, j) => `bench ${tag} ${start + j}`);
    const users = await db.all(
      `insert into users (name, phone_code, country, phone_verified_at, is_active, created_at, updated_at) values ${rows
        .map(() => "(?, '+968', 'Oman', ?, 1, ?, ?)")
        .join(', ')} returning id`,
      rows.flatMap((name) => [name, now, now, now]),
    );
    const tokens = users.map(() => randomBytes(32).toString('base64url'));
    await db.all(
      `insert into access_tokens (owner_type, owner_id, token_hash, name, created_at, expires_at) values ${users
        .map(() => "('user', ?, ?, 'bench', ?, ?)")
        .join(', ')}`,
      users.flatMap((u, j) => [u.id, sha256(tokens[j]), now, expires]),
    );
    await db.all(
      `insert into chat_conversations (user_id, shop_id, last_activity_at, user_unread, shop_unread, created_at) values ${users
        .map(() => '(?, ?, ?, 0, 0, ?)')
        .join(', ')}`,
      users.flatMap((u) => [u.id, (u.id % 8) + 1, now, now]),
    );
    users.forEach((u, j) => customers.push({ userId: u.id, token: tokens[j], shopId: (u.id % 8) + 1 }));
  }
  const sellers = {};
  for (const s of await db.all('select id, shop_id from shop_users order by id')) {
    if (sellers[s.shop_id]) continue;
    const token = randomBytes(32).toString('base64url');
    await db.all(
      "insert into access_tokens (owner_type, owner_id, token_hash, name, created_at, expires_at) values ('seller', ?, ?, 'bench', ?, ?)",
      [s.id, sha256(token), now, expires],
    );
    sellers[s.shop_id] = token;
  }
  return { customers, sellers };
}

// --- Clients -------------------------------------------------------------------------------------------

const agentFor = (max) => new http.Agent({ keepAlive: true, maxSockets: max });

function request(agent, base, method, urlPath, token, body, contentType = 'application/json') {
  const url = new URL(base + urlPath);
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

/** One customer's socket: handshake, authorisation, subscription; `onMessage(text, at)` per chat event. */
function connect(base, customer, agent, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/app/${KEY}?protocol=7&client=bench&version=1`, {
      perMessageDeflate: false,
    });
    const channel = `private-chat_user_${customer.userId}`;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('connect timeout'));
    }, 60_000);
    ws.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    ws.on('message', async (raw) => {
      const at = performance.now();
      const f = JSON.parse(raw.toString());
      if (f.event === 'pusher:connection_established') {
        const { socket_id } = JSON.parse(f.data);
        const res = await request(
          agent,
          base,
          'POST',
          '/api/broadcasting/auth',
          customer.token,
          `socket_id=${socket_id}&channel_name=${channel}`,
          'application/x-www-form-urlencoded',
        );
        if (res.status !== 200) {
          clearTimeout(timer);
          ws.terminate();
          return reject(new Error(`auth ${res.status}`));
        }
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: JSON.parse(res.text).auth } }));
      } else if (f.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve(ws);
      } else if (f.event === 'pusher:ping') {
        ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      } else if (f.event === 'send-message-to-user') {
        onMessage(JSON.parse(f.data).message.message, at);
      }
    });
  });
}

/** Connects every customer, `parallel` at a time. */
async function connectAll(base, customers, onMessage, parallel = 100) {
  const agent = agentFor(parallel);
  const sockets = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < customers.length) {
        const c = customers[next++];
        try {
          sockets.push(await connect(base, c, agent, onMessage));
        } catch {
          failed++;
        }
      }
    }),
  );
  agent.destroy();
  console.log(
    `  connected ${sockets.length} sockets (${failed} failed) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return sockets;
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : undefined);

/**
 * Sends `rate` messages a second for `duration` s (open loop) from the sellers to random customers
 * through `sendBase`, and measures each one from its planned send time until its socket got it.
 */
async function deliver({ sendBase, customers, sellers, rate, duration, arrivals, pids }) {
  const agent = agentFor(Math.max(20, rate / 5));
  const cpuBefore = pids.map(cpuMs);
  const planned = new Map();
  const total = Math.round(rate * duration);
  let ok = 0;
  let failed = 0;
  const stored = new Set();
  const sends = [];
  const start = performance.now() + 200;
  for (let i = 0; i < total; i++) {
    const at = start + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 1) await sleep(wait);
    const c = customers[Math.floor(Math.random() * customers.length)];
    const text = `b:${i}`;
    planned.set(text, at);
    sends.push(
      request(
        agent,
        sendBase,
        'POST',
        '/api/seller/send-message',
        sellers[c.shopId],
        JSON.stringify({ user_id: c.userId, message: text }),
      ).then((r) => {
        if (r.status === 200) {
          ok++;
          stored.add(text);
        } else failed++;
      }),
    );
  }
  const sentIn = (performance.now() - start) / 1000;
  await Promise.all(sends);
  await sleep(2000);
  agent.destroy();
  const cpu = pids.map((pid, i) => (cpuMs(pid) - cpuBefore[i]) / Math.max(1, ok));
  const latencies = [];
  for (const [text, got] of arrivals) if (planned.has(text)) latencies.push(got - planned.get(text));
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    achieved: total / sentIn,
    ok,
    failed,
    received: latencies.length,
    // Answered as stored, never received (a request that failed on the client's side may still arrive).
    lost: [...stored].filter((text) => !arrivals.has(text)).length,
    p50: pct(latencies, 0.5),
    p95: pct(latencies, 0.95),
    p99: pct(latencies, 0.99),
    max: latencies.at(-1),
    cpu,
  };
}

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

function report(title, x, budgets) {
  const pass = x.p95 <= budgets.p95 && (budgets.p99 === undefined || x.p99 <= budgets.p99) && x.lost === 0 && x.failed === 0;
  console.log(`\n${title}`);
  console.log(
    `  sent ${x.sent} (${x.achieved.toFixed(1)}/s), stored ${x.ok}, refused/failed ${x.failed}, received ${x.received}, lost ${x.lost}`,
  );
  console.log(`  server CPU per message (send, store, publish, deliver): ${x.cpu.map((c) => `${c.toFixed(2)} ms`).join(' + ')}`);
  console.log(
    `  send-to-receive ms: p50 ${fmt(x.p50)}  p95 ${fmt(x.p95)} (≤ ${budgets.p95})  p99 ${fmt(x.p99)}${budgets.p99 ? ` (≤ ${budgets.p99})` : ''}  max ${fmt(x.max)}  → ${pass ? 'PASS' : 'FAIL'}`,
  );
  results.push({ title, pass });
}

// --- Runs ----------------------------------------------------------------------------------------------

const clients = Number(values.clients);
const rate = Number(values.rate);
const duration = Number(values.duration);

if (only.has('delivery') || only.has('http')) {
  const server = await startServer({ env: serverEnv });
  try {
    const db = await openDb(server);
    if (only.has('delivery')) {
      const { customers, sellers } = await makeCustomers(db, clients, 'one');
      console.log(`\ndelivery, one process (SQLite): ${clients} customers`);
      const arrivals = new Map();
      const sockets = await connectAll(server.base, customers, (text, at) => arrivals.set(text, at));
      const x = await deliver({ sendBase: server.base, customers, sellers, rate, duration, arrivals, pids: [server.pid] });
      report(`delivery, one process: ${sockets.length} connected clients, ${rate} messages/s for ${duration} s`, x, {
        p95: 25,
        p99: 60,
      });
      for (const ws of sockets) ws.terminate();
    }
    if (only.has('http')) {
      const [demo] = await db.all("select id from users where email = 'customer@souq.om'");
      const token = randomBytes(32).toString('base64url');
      const now = new Date().toISOString();
      await db.all(
        "insert into access_tokens (owner_type, owner_id, token_hash, name, created_at, expires_at) values ('user', ?, ?, 'bench', ?, ?)",
        [demo.id, sha256(token), now, new Date(Date.now() + 86_400_000).toISOString()],
      );
      const httpRate = Number(values['http-rate']);
      const rows = [];
      for (const [name, p] of [
        ['GET /api/get-message (page 1 of 20)', '/api/get-message?shop_id=1'],
        ['GET /api/get-shops', '/api/get-shops'],
      ]) {
        const x = await fixedRate({
          url: server.base + p,
          rate: httpRate,
          duration,
          connections: 30,
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
          pid: server.pid,
        });
        rows.push(judge({ name, ...x }, 30));
      }
      printTable(`signed-in chat calls at ${httpRate}/s (demo customer, SQLite, ${duration} s after 2 s warm-up)`, rows);
      for (const r of rows) results.push({ title: r.name, pass: r.pass });
    }
    await db.close();
  } finally {
    await server.stop();
  }
}

if (only.has('cluster')) {
  // Two processes on one PostgreSQL database and Redis: the sellers write through A, the customers listen on B.
  const { default: pg } = await import('pg');
  const name = `souq_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: values.postgres });
  let a;
  let b;
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(values.postgres);
    url.pathname = `/${name}`;
    const env = { ...serverEnv, DATABASE_URL: url.toString(), REDIS_URL: values.redis, REDIS_PREFIX: `bench-${name}:` };
    a = await startServer({ env });
    b = await startServer({ env });
    const db = await openDb(a, url.toString());
    const { customers, sellers } = await makeCustomers(db, clients, 'two');
    console.log(`\ndelivery, two processes (PostgreSQL + Redis): ${clients} customers on B, senders on A`);
    const arrivals = new Map();
    const sockets = await connectAll(b.base, customers, (text, at) => arrivals.set(text, at));
    const x = await deliver({ sendBase: a.base, customers, sellers, rate, duration, arrivals, pids: [a.pid, b.pid] });
    report(`delivery, two processes: ${sockets.length} clients on B, ${rate} messages/s through A for ${duration} s`, x, {
      p95: 40,
    });
    for (const ws of sockets) ws.terminate();
    await db.close();
  } catch (error) {
    console.log(`\ncluster delivery not measured: ${error.message}`);
    results.push({ title: 'delivery, two processes', pass: false });
  } finally {
    await a?.stop();
    await b?.stop();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}

if (only.has('idle')) {
  const limit = Number(nofile) || 20_000;
  const n = Number(values.idle ?? Math.min(20_000, limit - 600));
  if (n < 20_000)
    console.log(
      `\nidle sockets: ${n} instead of 20,000 (file descriptor limit ${nofile} on each end; ulimit -n could not be raised)`,
    );
  const server = await startServer({ env: serverEnv });
  try {
    const db = await openDb(server);
    const { customers, sellers } = await makeCustomers(db, n, 'idle');
    await db.close();
    const before = rssMiB(server.pid);
    console.log(`\nidle sockets: ${n} customers (server resident memory before: ${before.toFixed(0)} MiB)`);
    const arrivals = new Map();
    const sockets = await connectAll(server.base, customers, (text, at) => arrivals.set(text, at), 200);
    await sleep(5000);
    const rss = rssMiB(server.pid);
    // One message at a time to random idle customers.
    const agent = agentFor(1);
    const latencies = [];
    for (let i = 0; i < 20; i++) {
      const c = customers[Math.floor(Math.random() * sockets.length)];
      const text = `idle:${i}`;
      const t0 = performance.now();
      const r = await request(
        agent,
        server.base,
        'POST',
        '/api/seller/send-message',
        sellers[c.shopId],
        JSON.stringify({ user_id: c.userId, message: text }),
      );
      for (let w = 0; w < 200 && !arrivals.has(text); w++) await sleep(5);
      if (r.status === 200 && arrivals.has(text)) latencies.push(arrivals.get(text) - t0);
      await sleep(100);
    }
    agent.destroy();
    latencies.sort((x, y) => x - y);
    const pass = sockets.length === n && rss <= 500 && latencies.length === 20 && latencies.at(-1) <= 50;
    console.log(
      `  ${sockets.length} idle authenticated sockets: resident memory ${rss.toFixed(0)} MiB (≤ 500), ${(((rss - before) * 1024) / Math.max(1, sockets.length)).toFixed(1)} KiB a socket; ` +
        `a message to one of them: p50 ${fmt(pct(latencies, 0.5))} ms, max ${fmt(latencies.at(-1))} ms of ${latencies.length}/20 (≤ 50) → ${pass ? 'PASS' : 'FAIL'}`,
    );
    results.push({ title: `${n} idle sockets`, pass });
    for (const ws of sockets) ws.terminate();
  } finally {
    await server.stop();
  }
}

const failed = results.filter((r) => !r.pass);
console.log(failed.length ? `\nBudgets missed: ${failed.map((r) => r.title).join('; ')}` : '\nAll budgets met.');
process.exit(failed.length && values.strict ? 1 : 0);
