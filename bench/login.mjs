#!/usr/bin/env node
// Logins (argon2id verification) at 50/s for 10 s while /api/products keeps its 1000/s: the password
// hashing must neither be slow itself nor slow the catalogue down.
//   node bench/login.mjs [--strict] [--duration 10]
// Budgets (p99): POST /api/login ≤ 250 ms, GET /api/products ≤ 25 ms during the logins.
import { parseArgs } from 'node:util';
import { fixedRate, judge, printTable } from './lib/load.mjs';
import { startServer, stopOnSignal } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    /** The rate of the parallel /api/products load; 0 measures the logins alone. */
    'products-rate': { type: 'string', default: '1000' },
  },
});
const duration = Number(values.duration);
const productsRate = Number(values['products-rate']);
const server = await startServer();
stopOnSignal(server);
let failed = false;
try {
  const { base } = server;
  const body = JSON.stringify({ phone: 'customer@souq.om', password: 'password' });
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  const probe = await fetch(`${base}/api/login`, { method: 'POST', headers, body });
  if (!probe.ok) throw new Error(`the demo customer cannot log in: ${probe.status} ${await probe.text()}`);

  // Both loads start together after a shared warm-up.
  await Promise.all([
    fixedRate({ url: `${base}/api/login`, method: 'POST', headers, body, rate: 50, duration: 2, warmup: 0, connections: 20 }),
    productsRate > 0
      ? fixedRate({ url: `${base}/api/products`, rate: productsRate, duration: 2, warmup: 0, connections: 50 })
      : null,
  ]);
  const [login, products] = await Promise.all([
    fixedRate({ url: `${base}/api/login`, method: 'POST', headers, body, rate: 50, duration, warmup: 0, connections: 20 }),
    productsRate <= 0
      ? null
      : fixedRate({
          url: `${base}/api/products`,
          rate: productsRate,
          duration,
          warmup: 0,
          connections: 50,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        }),
  ]);
  const rows = [
    judge({ name: 'POST /api/login (demo customer)', ...login }, 250),
    ...(products ? [judge({ name: 'GET /api/products during logins', ...products }, 25)] : []),
  ];
  printTable(
    `logins at 50/s ${productsRate > 0 ? `with the catalogue at ${productsRate}/s` : 'alone'} (${duration} s after 2 s warm-up)`,
    rows,
  );
  failed = rows.some((r) => !r.pass);
} finally {
  await server.stop();
}
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed && values.strict ? 1 : 0);
