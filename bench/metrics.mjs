#!/usr/bin/env node
// What /metrics costs (issue 38, decision 044): the catalogue's throughput — GET /api/products (page of 20
// with facets) as fast as 50 connections go, answer cache off as in catalogue.mjs — on a server without
// METRICS_TOKEN (no metrics) and on one with it, scraped every 5 s by a Prometheus-like client (GET
// /metrics with the Bearer token, gzip accepted). Both servers run side by side on the demo seed (API only);
// the runs alternate, off / on, `--rounds` times, and the medians are compared: the machine's speed moves
// more from minute to minute than the 2 % judged, and alternating spreads that over both.
//   node bench/metrics.mjs [--strict] [--rounds 3] [--duration 10] [--connections 50] [--cache]
// Budget: throughput with metrics scraped ≥ 98 % of without (the cost ≤ 2 %). The server's CPU time per
// answer (scrapes included) is printed beside each, which moves less than throughput on a shared machine.
import { parseArgs } from 'node:util';
import { closedLoop, fmt } from './lib/load.mjs';
import { startServer, stopOnSignal } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    cache: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);
const TOKEN = 'bench-metrics-token-0123456789';
const SCRAPE_EVERY_MS = 5000;
const BUDGET = 0.02;

const env = { SERVE_WEB: 'false', CATALOG_CACHE_TTL_MS: values.cache ? '5000' : '0' };
const [off, on] = await Promise.all([startServer({ env }), startServer({ env: { ...env, METRICS_TOKEN: TOKEN } })]);
stopOnSignal(off);
stopOnSignal(on);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Scrapes like Prometheus, every 5 s, while `run` goes on; the sizes and times of the scrapes. */
async function scraped(server, run) {
  const scrapes = [];
  const scrape = async () => {
    const t = performance.now();
    const res = await fetch(`${server.base}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' },
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
    scrapes.push({ ms: performance.now() - t, bytes: text.length });
  };
  await scrape();
  const timer = setInterval(() => void scrape().catch((e) => console.error(e.message)), SCRAPE_EVERY_MS);
  try {
    return { ...(await run()), scrapes };
  } finally {
    clearInterval(timer);
  }
}

const load = (server) =>
  closedLoop({
    urls: [`${server.base}/api/products`],
    connections,
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    pid: server.pid,
  });

let failed = false;
try {
  // Both must answer alike; the one without the token has no /metrics.
  if ((await fetch(`${off.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status !== 404)
    throw new Error('the server without METRICS_TOKEN answers /metrics');
  const rows = { off: [], on: [] };
  for (let r = 1; r <= rounds; r++) {
    // Alternate which goes first, so neither always meets the warmer (or busier) minute.
    const order = r % 2 ? ['off', 'on'] : ['on', 'off'];
    for (const which of order) {
      const x = which === 'on' ? await scraped(on, () => load(on)) : await load(off);
      rows[which].push(x);
      const scrapes = x.scrapes
        ? `, ${x.scrapes.length} scrapes (${Math.round(median(x.scrapes.map((s) => s.bytes)) / 1024)} KB, ${fmt(median(x.scrapes.map((s) => s.ms)))} ms)`
        : '';
      console.log(
        `round ${r}, metrics ${which.padEnd(3)}: ${String(x.rps).padStart(5)}/s  p50 ${fmt(x.p50)} / p99 ${fmt(x.p99)} ms  ` +
          `errors ${x.errors}, non-2xx ${x.non2xx}  server CPU ${x.cpuPerAnswer?.toFixed(3)} ms/answer${scrapes}`,
      );
      if (x.errors || x.non2xx) failed = true;
    }
  }
  const rpsOff = median(rows.off.map((x) => x.rps));
  const rpsOn = median(rows.on.map((x) => x.rps));
  const cpuOff = median(rows.off.map((x) => x.cpuPerAnswer));
  const cpuOn = median(rows.on.map((x) => x.cpuPerAnswer));
  const cost = 1 - rpsOn / rpsOff;
  const pass = cost <= BUDGET;
  console.log(
    `\nGET /api/products, ${connections} connections, cache ${values.cache ? 'on (5 s)' : 'off'}, median of ${rounds} × ${duration} s:\n` +
      `  without metrics: ${rpsOff}/s, server CPU ${cpuOff.toFixed(3)} ms/answer\n` +
      `  with /metrics scraped every 5 s: ${rpsOn}/s, server CPU ${cpuOn.toFixed(3)} ms/answer\n` +
      `  cost: ${(cost * 100).toFixed(1)} % of throughput (budget ≤ ${BUDGET * 100} %) ${pass ? 'PASS' : 'FAIL'}; ` +
      `CPU per answer ${((cpuOn / cpuOff - 1) * 100).toFixed(1)} %`,
  );
  if (!pass) failed = true;
} finally {
  await Promise.all([off.stop(), on.stop()]);
}
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed && values.strict ? 1 : 0);
