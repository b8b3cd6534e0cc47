#!/usr/bin/env node
// The operator console's lists (issue 37, BACKOFFICE.md "Operator console") on a large marketplace: the
// demo seed + 100,000 generated products, 500 shops (some applying, suspended or rejected, each with its
// owner), 50,000 customers, 200,000 orders and 100,000 audit-log entries. Each list in turn takes a mix of
// its filters, searches and pages at a fixed rate (open loop) as one signed-in operator:
//   shops:     /api/admin/shops (status=all, pending, a name word, pages)
//   orders:    /api/admin/orders (none, order_status, payment_status, shop_id, customer name, order number, phone)
//   customers: /api/admin/customers (none, pages, name, phone)
//   audit:     /api/admin/audit-log (none, actor_role, action and action prefix)
// The dataset is generated into --large-data (default /tmp/souq-console-large) the first time and reused
// after; with --postgres URL into a PostgreSQL database of its own (souq_console_large), kept as well.
//   node bench/console.mjs [--strict] [--duration 30] [--rate 20] [--only shops,orders,customers,audit]
//                          [--large-data DIR] [--postgres URL]
// Budget: p99 ≤ 100 ms at 20 requests a second for each list, searches included.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FAMILY_NAMES, FIRST_NAMES, SHOP_WORDS, fillConsoleData, openRaw } from './lib/console-data.mjs';
import { fixedRate, fmt, judge } from './lib/load.mjs';
import { root, startServer, stopOnSignal } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    duration: { type: 'string', default: '30' },
    rate: { type: 'string', default: '20' },
    only: { type: 'string', default: 'shops,orders,customers,audit' },
    'large-data': { type: 'string', default: '/tmp/souq-console-large' },
    postgres: { type: 'string' },
    'per-url': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const rate = Number(values.rate);
const parts = values.only.split(',');
const BUDGET_MS = 100;
const SIZE = { products: 100_000, shops: 492, customers: 50_000, orders: 200_000, audit: 100_000 };
const OPERATOR = { email: 'bench-operator@souq.om', name: 'Bench Operator', password: 'console-bench-2026-password' };
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// --- The dataset -------------------------------------------------------------------------------------

const dataDir = values['large-data'];
fs.mkdirSync(dataDir, { recursive: true });
let databaseUrl;
if (values.postgres) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  const exists = (await admin.query(`select 1 from pg_database where datname = 'souq_console_large'`)).rowCount > 0;
  if (!exists) await admin.query('create database souq_console_large');
  await admin.end();
  const url = new URL(values.postgres);
  url.pathname = '/souq_console_large';
  databaseUrl = url.toString();
}
const marker = path.join(dataDir, values.postgres ? 'console-data.postgres.json' : 'console-data.json');
const dbEnv = { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

if (!fs.existsSync(marker)) {
  let started = Date.now();
  // Migrates, seeds the demo and adds the products (once: a second run would add as many again).
  const productsMarker = `${marker}.products`;
  if (!fs.existsSync(productsMarker)) {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/seed/generate-cli.ts', '--products', String(SIZE.products)],
      { cwd: root, env: dbEnv, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (r.status !== 0) throw new Error('generating the products failed');
    fs.writeFileSync(productsMarker, String(SIZE.products));
    console.log(
      `bench: generated ${SIZE.products.toLocaleString('en')} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  started = Date.now();
  const raw = await openRaw({ sqliteFile: path.join(dataDir, 'storefront.sqlite'), postgresUrl: databaseUrl });
  try {
    const filled = await fillConsoleData(raw, SIZE);
    fs.writeFileSync(marker, JSON.stringify({ ...filled, products: SIZE.products }, null, 2));
  } finally {
    await raw.close();
  }
  console.log(`bench: wrote shops, customers, orders and audit entries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The bench's operator, as `npm run admin:create` adds one (its password read from standard input).
  const op = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/admin-create.ts', '--email', OPERATOR.email, '--name', OPERATOR.name],
    { cwd: root, env: dbEnv, input: `${OPERATOR.password}\n`, stdio: ['pipe', 'inherit', 'inherit'] },
  );
  if (op.status !== 0) throw new Error('adding the operator failed');
}
const data = JSON.parse(fs.readFileSync(marker, 'utf8'));

/** The figures of each list: latencies, the server's CPU per answer, the machine's load average around it. */
function printRows(title, rows) {
  const head = [
    'list',
    'rate',
    'achieved',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'budget p99',
    'errors',
    'non-2xx',
    'CPU/answer',
    'load average',
    'result',
  ];
  const lines = rows.map((x) => [
    x.name,
    `${x.rate}/s`,
    `${x.rps}/s`,
    fmt(x.p50),
    fmt(x.p95),
    fmt(x.p99),
    `≤ ${x.budget}`,
    String(x.errors),
    String(x.non2xx),
    x.cpuPerAnswer === undefined ? '-' : `${x.cpuPerAnswer.toFixed(2)} ms`,
    x.load,
    x.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${title}\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(line(l));
}

// --- Measuring ---------------------------------------------------------------------------------------

console.log(
  `console lists bench: ${new Date().toISOString()}, ${values.postgres ? 'PostgreSQL' : 'SQLite'}, load average ${loadavg()}`,
);
const server = await startServer({
  dataDir,
  env: { SERVE_WEB: 'false', CATALOG_CACHE_TTL_MS: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
});
stopOnSignal(server);
const { base } = server;
let failed = false;

async function call(method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

try {
  const token = (await call('POST', '/api/admin/login', null, { email: OPERATOR.email, password: OPERATOR.password })).data.access
    .token;
  const totals = {};
  for (const [name, url] of [
    ['shops', '/api/admin/shops?status=all&per_page=1'],
    ['orders', '/api/admin/orders?per_page=1'],
    ['customers', '/api/admin/customers?per_page=1'],
    ['audit', '/api/admin/audit-log?per_page=1'],
  ])
    totals[name] = (await call('GET', url, token)).data.total;
  const products = (await call('GET', '/api/products?per_page=1')).data.total;
  console.log(
    `dataset: ${products.toLocaleString('en')} products, ${totals.shops} shops, ${totals.customers.toLocaleString('en')} customers, ` +
      `${totals.orders.toLocaleString('en')} orders, ${totals.audit.toLocaleString('en')} audit entries`,
  );
  // The storefront counts active products of open shops: a few hundred generated ones are inactive.
  if (products < SIZE.products * 0.99 || totals.orders < SIZE.orders || totals.customers < SIZE.customers) {
    console.log('the dataset is smaller than asked: the figures do not count');
    failed = true;
  }

  const enc = encodeURIComponent;
  const phone = (i) => `9${String(i).padStart(7, '0')}`;
  const shopIds = Array.from({ length: 12 }, (_, k) => data.firstShop + ((k * 37) % Math.floor(SIZE.shops * 0.88)));
  /** Each list's mix: request i asks for urls[i % n]. */
  const mixes = {
    shops: (i) =>
      [
        `/api/admin/shops?status=all&page=${1 + (i % 5)}`,
        `/api/admin/shops?status=pending`,
        `/api/admin/shops?status=all&search=${enc(SHOP_WORDS[i % SHOP_WORDS.length])}`,
        `/api/admin/shops?status=active&page=${1 + (i % 3)}`,
        `/api/admin/shops?status=all&search=${enc(`${SHOP_WORDS[i % 8]} ${['traders', 'perfumes', 'dates', 'books'][i % 4]}`)}`,
      ][i % 5],
    orders: (i) =>
      [
        `/api/admin/orders?page=${1 + (i % 10)}`,
        `/api/admin/orders?order_status=${enc(['Pending', 'Processing', 'Delivered', 'Cancelled'][i % 4])}`,
        `/api/admin/orders?payment_status=${i % 2 ? 'Paid' : 'Unpaid'}`,
        `/api/admin/orders?shop_id=${shopIds[i % shopIds.length]}`,
        `/api/admin/orders?search=${enc(`${FIRST_NAMES[i % 12]} ${FAMILY_NAMES[(i >> 2) % 10]}`)}`,
        `/api/admin/orders?search=SQ${String(1 + ((i * 7717) % SIZE.orders)).padStart(8, '0')}`,
        `/api/admin/orders?search=${enc(`+968 ${phone(1 + ((i * 131) % SIZE.customers))}`)}`,
      ][i % 7],
    customers: (i) =>
      [
        `/api/admin/customers?page=${1 + (i % 10)}`,
        `/api/admin/customers?search=${enc(FIRST_NAMES[i % 12])}`,
        `/api/admin/customers?search=${enc(`${FIRST_NAMES[i % 12]} ${FAMILY_NAMES[(i >> 2) % 10]}`)}`,
        `/api/admin/customers?search=${phone(1 + ((i * 131) % SIZE.customers))}`,
      ][i % 4],
    audit: (i) =>
      [
        `/api/admin/audit-log?page=${1 + (i % 10)}`,
        `/api/admin/audit-log?actor_role=${i % 2 ? 'operator' : 'seller'}`,
        `/api/admin/audit-log?action=${['product.update', 'shop.approve', 'order.refund', 'voucher.create'][i % 4]}`,
        `/api/admin/audit-log?action=${['product', 'shop', 'order'][i % 3]}`,
        `/api/admin/audit-log?actor_role=seller&action=product`,
      ][i % 5],
  };
  const rows = [];
  for (const part of parts) {
    if (!mixes[part]) throw new Error(`--only: no list ${part}`);
    // Every request of the mix answers 200 (a bad URL would be measured as a fast refusal).
    const urls = Array.from({ length: 700 }, (_, i) => mixes[part](i));
    for (const u of new Set(urls.slice(0, 35))) await call('GET', u, token);
    if (values['per-url']) {
      // --per-url: each kind of request of the mix alone, one after another (median and worst of 10).
      const kinds = urls.slice(0, Math.min(urls.length, 70));
      const byKind = new Map();
      for (let i = 0; i < kinds.length; i++) {
        const started = performance.now();
        await call('GET', kinds[i], token);
        const kind = kinds[i].replace(/=[^&]*/g, '=…');
        byKind.set(kind, [...(byKind.get(kind) ?? []), performance.now() - started]);
      }
      console.log(`\n${part}, each kind alone:`);
      for (const [kind, ms] of byKind) {
        ms.sort((a, b) => a - b);
        console.log(
          `  ${kind.padEnd(60)} median ${ms[Math.floor(ms.length / 2)].toFixed(1)} ms, worst ${ms.at(-1).toFixed(1)} ms (${ms.length})`,
        );
      }
    }
    const before = loadavg();
    const x = await fixedRate({
      urls: urls.map((u) => `${base}${u}`),
      rate,
      duration,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      pid: server.pid,
    });
    const row = judge({ name: `${part} (${new Set(urls).size} URLs)`, ...x, load: `${before} → ${loadavg()}` }, BUDGET_MS);
    rows.push(row);
    printRows(`${part} at ${rate}/s for ${duration} s`, [row]);
    if (!row.pass) failed = true;
  }
  if (rows.length > 1) printRows(`console lists at ${rate}/s, ${values.postgres ? 'PostgreSQL' : 'SQLite'}`, rows);
} finally {
  await server.stop();
}
if (failed && values.strict) process.exit(1);
