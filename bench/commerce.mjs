#!/usr/bin/env node
// Commerce budgets of issue 16, on SQLite and on PostgreSQL, no answer cache (CATALOG_CACHE_TTL_MS=0):
//  1. signed-in cart traffic — GET /api/carts, POST /api/cart/store, POST /api/cart/increment, 300 req/s
//     together (100/s each, many customers) with GET /api/products at 500/s beside: p99 ≤ 30 ms each;
//  2. order placement — POST /api/place-order at 50/s for 20 s, each a cart of 2 shops (cash), each by a
//     customer of its own: p99 ≤ 200 ms and every placement answered 200.
//   node bench/commerce.mjs [--strict] [--only sqlite|postgres] [--duration 10] [--orders-duration 20] [--warmup 5]
//                           [--gc]   (the server's collections over the measured mix, from V8's --trace-gc; decision 035)
//                           [--workers N]   (PostgreSQL: N server processes, npm run start:cluster, on Redis)
// PostgreSQL: PG_URL (default postgres://postgres@127.0.0.1:5432/test) names a server; the bench makes a
// database of its own there and drops it afterwards.
// The customers, their tokens (stored hashed, as the API stores them), addresses and carts are written
// straight into the database before the load (registering 1,200 customers would hash 1,200 passwords).
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { commandCpuMs, fixedRate, fmt, judge, machineTicks, printTable, treeCpuMs } from './lib/load.mjs';
import { diskLine, startDiskProbe } from './lib/disk.mjs';
import { gcSummary, root, startServer, stopOnSignal } from './lib/server.mjs';

const require = createRequire(path.join(root, 'apps/api/package.json'));
const { values } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    'orders-duration': { type: 'string', default: '20' },
    /** Seconds of load before the cart mix is measured (decision 034: the cold start is printed, not judged). */
    warmup: { type: 'string', default: '5' },
    /** Multiplies every rate (e.g. 0.1: the same mix at a tenth of the load, to see the latency of the work itself). */
    scale: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1' },
    /** Print the server's garbage collections over the measured mix (decisions 033, 035). */
    gc: { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const ordersDuration = Number(values['orders-duration']);
const scale = Number(values.scale);
const rate = (r) => Math.max(1, Math.round(r * scale));
const ORDER_RATE = rate(50);
const workers = Math.max(1, Number(values.workers) || 1);
const WARMUP = Math.max(0, Number(values.warmup) || 0);
/** Placing runs on a server the cart mix has warmed: its warm-up stays 2 s (decision 034). */
const ORDERS_WARMUP = 2;

/** One SQL runner for either database: `?` placeholders. */
async function sqlRunner(dialect, target) {
  if (dialect === 'sqlite') {
    const Database = require('better-sqlite3');
    const db = new Database(target);
    db.pragma('busy_timeout = 10000');
    return {
      run: async (sql, params = []) => db.prepare(sql).run(...params),
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      batch: async (fn) => {
        db.exec('begin immediate');
        try {
          await fn();
          db.exec('commit');
        } catch (error) {
          db.exec('rollback');
          throw error;
        }
      },
      close: async () => db.close(),
    };
  }
  const { Client } = require('pg');
  const client = new Client({ connectionString: target });
  await client.connect();
  const pg = (sql) => {
    let i = 0;
    return sql.replace(/\?/g, () => `$${++i}`);
  };
  return {
    run: async (sql, params = []) => client.query(pg(sql), params),
    all: async (sql, params = []) => (await client.query(pg(sql), params)).rows,
    batch: async (fn) => {
      await client.query('begin');
      await fn();
      await client.query('commit');
    },
    close: async () => client.end(),
  };
}

let phones = 0;
/** `count` customers with a token, a default address and, per product, one cart line of one unit. */
async function makeCustomers(db, count, lines, tag) {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const out = [];
  const batch = 200;
  for (let from = 0; from < count; from += batch) {
    const made = [];
    await db.batch(async () => {
      for (let i = from; i < Math.min(count, from + batch); i++) {
        const email = `bench-${tag}-${i}-${randomBytes(3).toString('hex')}@example.com`;
        await db.run(
          'insert into users (name, email, phone, phone_code, country, phone_verified_at, is_active, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 1, ?, ?)',
          [`Bench ${i}`, email, `7${String(++phones).padStart(7, '0')}`, '+968', 'Oman', now, now, now],
        );
        const [{ id }] = await db.all('select id from users where email = ?', [email]);
        const token = randomBytes(32).toString('base64url');
        await db.run(
          'insert into access_tokens (owner_type, owner_id, token_hash, name, created_at, expires_at) values (?, ?, ?, ?, ?, ?)',
          ['user', id, createHash('sha256').update(token).digest('hex'), 'bench', now, expires],
        );
        await db.run(
          'insert into addresses (user_id, name, phone, area, address_type, address_line, is_default, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 1, ?, ?)',
          [id, `Bench ${i}`, '91234567', 'Al Khuwair', 'home', 'Way 3012, House 14', now, now],
        );
        const [{ id: addressId }] = await db.all('select id from addresses where user_id = ?', [id]);
        for (const p of lines)
          await db.run(
            'insert into cart_items (user_id, product_id, shop_id, color_id, size_id, quantity, is_buy_now, created_at, updated_at) values (?, ?, ?, 0, 0, 1, 0, ?, ?)',
            [id, p.id, p.shop_id, now, now],
          );
        made.push({ id, token, addressId });
      }
    });
    out.push(...made);
  }
  return out;
}

/** A product of the shop without colour or size, priced over the shop's minimum order. */
async function plainProduct(base, shopId) {
  const res = await fetch(`${base}/api/products?shop_id=${shopId}&per_page=100`);
  const { data } = await res.json();
  const p = data.products.find((x) => !x.colors.length && !x.sizes.length && x.price >= 10 && x.quantity > 0);
  if (!p) throw new Error(`no plain product in shop ${shopId}`);
  return { id: p.id, shop_id: shopId };
}

async function run(dialect) {
  let env = { CATALOG_CACHE_TTL_MS: '0' };
  let target;
  let dropDb;
  if (dialect === 'postgres') {
    const admin = await sqlRunner('postgres', process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    const name = `souq_bench_${randomBytes(4).toString('hex')}`;
    await admin.run(`create database ${name}`);
    const url = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${name}`;
    target = url.toString();
    env = { ...env, DATABASE_URL: target };
    dropDb = async () => {
      await admin.run(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  }
  // Several processes (the cluster of decision 019) need PostgreSQL and Redis: SQLite runs one.
  const cluster = dialect === 'postgres' && workers > 1;
  if (cluster)
    env = { ...env, WORKERS: String(workers), SKIP_SERVICES: '1', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const server = await startServer({ env, script: cluster ? 'scripts/start-cluster.mjs' : undefined, gcTrace: values.gc });
  const label = cluster ? `${dialect}, ${workers} processes` : dialect;
  stopOnSignal(server);
  let db;
  try {
    const { base, pid } = server;
    target ??= path.join(server.dataDir, 'storefront.sqlite');
    db = await sqlRunner(dialect, target);
    const [a, b, c] = [await plainProduct(base, 1), await plainProduct(base, 3), await plainProduct(base, 7)];
    // Stock for every placement and every store of the run (the benches measure speed, not sell-outs).
    await db.run('update products set quantity = 10000000 where id in (?, ?, ?)', [a.id, b.id, c.id]);

    const cartCustomers = await makeCustomers(db, 60, [c], `${dialect}-cart`);
    const orderCustomers = await makeCustomers(
      db,
      Math.ceil(ORDER_RATE * (ordersDuration + ORDERS_WARMUP)) + 10,
      [a, b],
      `${dialect}-order`,
    );
    // PostgreSQL: write out what creating the database and the customers left in its log now, so that the
    // measured phases do not include a checkpoint of the set-up's writes (CREATE DATABASE copies the template
    // through the log).
    if (dialect === 'postgres') await db.run('checkpoint');
    const json = { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    const auth = (x) => ({ authorization: `Bearer ${x.token}` });
    // Each kind of request answers 200 before the load (a refusal would only show as non-2xx in the table).
    const spare = orderCustomers.pop();
    for (const [url, who, body] of [
      ['/api/carts', cartCustomers[0], undefined],
      ['/api/cart/store', cartCustomers[0], { product_id: c.id, quantity: 1 }],
      ['/api/cart/increment', cartCustomers[0], { product_id: c.id }],
      ['/api/place-order', spare, { shop_ids: [a.shop_id, b.shop_id], address_id: spare.addressId, payment_method: 'cash' }],
    ]) {
      const res = await fetch(`${base}${url}`, {
        method: body ? 'POST' : 'GET',
        headers: { ...json, ...auth(who) },
        body: body && JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url} answered ${res.status} before the load: ${await res.text()}`);
    }

    // 1. Cart traffic with the catalogue beside it.
    const cartLoads = () => [
      fixedRate({
        url: `${base}/api/carts`,
        rate: rate(100),
        duration,
        warmup: WARMUP,
        connections: 20,
        headers: json,
        variants: cartCustomers.map((x) => ({ headers: auth(x) })),
      }),
      fixedRate({
        url: `${base}/api/cart/store`,
        method: 'POST',
        rate: rate(100),
        duration,
        warmup: WARMUP,
        connections: 20,
        headers: json,
        variants: cartCustomers.map((x) => ({ headers: auth(x), body: JSON.stringify({ product_id: c.id, quantity: 1 }) })),
      }),
      fixedRate({
        url: `${base}/api/cart/increment`,
        method: 'POST',
        rate: rate(100),
        duration,
        warmup: WARMUP,
        connections: 20,
        headers: json,
        variants: cartCustomers.map((x) => ({ headers: auth(x), body: JSON.stringify({ product_id: c.id }) })),
      }),
      fixedRate({
        url: `${base}/api/products`,
        rate: rate(500),
        duration,
        warmup: WARMUP,
        connections: 50,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      }),
    ];
    // Who had the machine's cores during the mix (server, PostgreSQL, this generator) and how late this
    // generator's own event loop ran: its latencies are counted where it reads the answers, so a starved
    // generator or a full machine shows in the tail as much as a slow answer does.
    const cpuBefore = treeCpuMs(pid);
    const [machineBefore, pgBefore, selfBefore] = [machineTicks(), commandCpuMs('postgres'), process.cpuUsage()];
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const mixStarted = performance.now();
    const [carts, store, increment, products] = await Promise.all(cartLoads());
    lag.disable();
    const mixEnded = performance.now();
    const mixMs = mixEnded - mixStarted;
    const machine = machineTicks();
    const selfCpu = process.cpuUsage(selfBefore);
    const cores = (ms) => (ms / mixMs).toFixed(2);
    // The server's CPU over the whole mix (warm-up included), per answer of any of the four kinds.
    const mixAnswers = [carts, store, increment, products].reduce((n, r) => n + r.answers + Math.round(r.rate * WARMUP), 0);
    const serverMs = treeCpuMs(pid) - cpuBefore;
    const mixCpu = serverMs / mixAnswers;
    const cartRows = [
      judge({ name: 'GET /api/carts', ...carts }, 30),
      judge({ name: 'POST /api/cart/store', ...store }, 30),
      judge({ name: 'POST /api/cart/increment', ...increment }, 30),
      { ...judge({ name: 'GET /api/products beside (no budget of its own)', ...products }, Infinity) },
    ];
    for (const r of [carts, store, increment, products]) if (r.firstError) console.log(`(first error: ${r.firstError})`);
    if (WARMUP > 0)
      console.log(
        `${label}: the warm-up's ${WARMUP} s (not judged) p50 / p99 ms: ` +
          [
            ['/carts', carts],
            ['store', store],
            ['increment', increment],
            ['products', products],
          ]
            .map(([name, r]) => `${name} ${fmt(r.warm?.p50)} / ${fmt(r.warm?.p99)}`)
            .join(', '),
      );
    printTable(
      `${label}: signed-in cart traffic at ${3 * rate(100)} req/s with the catalogue at ${rate(500)}/s, no answer cache (${duration} s after ${WARMUP} s warm-up)`,
      cartRows,
    );
    console.log(
      `${label}: server CPU ${mixCpu.toFixed(2)} ms per answer over the mix (one core: ~${Math.round(1000 / mixCpu)} answers/s)`,
    );
    console.log(
      `${label}: cores used over the mix: server ${cores(serverMs)}, ` +
        (dialect === 'postgres' ? `PostgreSQL ${cores(commandCpuMs('postgres') - pgBefore)}, ` : '') +
        `this load generator ${cores((selfCpu.user + selfCpu.system) / 1000)}; machine busy ` +
        `${Math.round((100 * (machine.busy - machineBefore.busy)) / (machine.all - machineBefore.all))} % of its ${os.cpus().length} cores; ` +
        `the generator's event loop late by p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, at most ${(lag.max / 1e6).toFixed(1)} ms`,
    );

    if (values.gc) {
      const g = gcSummary(server.gc, mixStarted + WARMUP * 1000, mixEnded);
      console.log(
        `${label}: the server's collector over the measured ${duration} s: ${g.full} full collections` +
          (g.full ? ` (pauses ${g.fullPausesMs.map((ms) => ms.toFixed(1)).join(', ')} ms)` : '') +
          `, ${g.scavenges} scavenges; what outlived the young generation: ${g.promotedMbPerS.toFixed(2)} MB/s`,
      );
    }

    // 2. Order placement: each request a different customer with a 2-shop cart. Each commits its orders
    // synchronously, so the disk's own stalls are measured beside it.
    const disk = startDiskProbe();
    const placed = await fixedRate({
      url: `${base}/api/place-order`,
      method: 'POST',
      rate: ORDER_RATE,
      duration: ordersDuration,
      warmup: ORDERS_WARMUP,
      connections: 100,
      headers: json,
      variants: orderCustomers.map((x) => ({
        headers: auth(x),
        body: JSON.stringify({ shop_ids: [a.shop_id, b.shop_id], address_id: x.addressId, payment_method: 'cash' }),
      })),
      pid,
    });
    const diskFigures = await disk.stop();
    const orderRows = [judge({ name: 'POST /api/place-order (2 shops, 2 orders each)', ...placed }, 200)];
    printTable(
      `${label}: placing ${ORDER_RATE} orders/s for ${ordersDuration} s (after ${ORDERS_WARMUP} s warm-up), each a 2-shop cart`,
      orderRows,
    );
    console.log(`${label}: during the placing, ${diskLine(diskFigures)}`);
    const [{ n }] = await db.all('select count(*) as n from orders');
    console.log(`${dialect}: ${n} orders in the database after the run (2 per placement)`);
    return [...cartRows.slice(0, 3), ...orderRows].every((r) => r.pass);
  } finally {
    await db?.close();
    await server.stop();
    await dropDb?.();
  }
}

let ok = true;
for (const dialect of ['sqlite', 'postgres']) {
  if (values.only && values.only !== dialect) continue;
  ok = (await run(dialect)) && ok;
}
console.log(ok ? '\nAll budgets met.' : '\nSome budgets were missed.');
process.exit(!ok && values.strict ? 1 : 0);
