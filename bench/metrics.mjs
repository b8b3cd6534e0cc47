#!/usr/bin/env node
// What /metrics costs (issue 38, decision 044): the catalogue's throughput — GET /api/products (page of 20
// with facets) as fast as 50 connections go, answer cache off as in catalogue.mjs — on a server without
// METRICS_TOKEN (no metrics) and on one with it, scraped every 5 s of its measured time by a
// Prometheus-like client (GET /metrics with the Bearer token, gzip accepted). Both servers run side by
// side on the demo seed (API only) and are loaded in turn, in short slices (`--slice` s, default 2)
// alternating off / on until each has had `--duration` s (default 30): the machine's speed moves more
// from minute to minute than the 2 % judged, and fine interleaving spreads that over both alike.
//   node bench/metrics.mjs [--strict] [--duration 30] [--slice 2] [--connections 50] [--cache] [--same] [--on-first]
// --same: both servers without metrics and no scrapes (how far apart two identical servers measure);
// --on-first: the server with metrics is started first (the first one started measured faster).
// Budget: throughput with metrics scraped ≥ 98 % of without (the cost ≤ 2 %). The server's CPU time per
// answer (scrapes included: the CPU of each server is read around each of its slices) is printed beside
// it. Then the cost from its parts, which a busy machine moves far less: one observation of the server's
// request histogram (timed), one scrape's CPU on the idle server, the default metrics' idle CPU, against
// the answers' own CPU at the measured rate; judged against the same 2 %.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closedLoop, cpuMs, fmt } from './lib/load.mjs';
import { root, startServer, stopOnSignal } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    duration: { type: 'string', default: '30' },
    slice: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    cache: { type: 'boolean', default: false },
    // Both servers without metrics and no scrapes: how far apart two identical servers measure (noise floor).
    same: { type: 'boolean', default: false },
    'on-first': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const slice = Number(values.slice);
const connections = Number(values.connections);
const TOKEN = 'bench-metrics-token-0123456789';
const SCRAPE_EVERY_MS = 5000;
const BUDGET = 0.02;

const env = { SERVE_WEB: 'false', CATALOG_CACHE_TTL_MS: values.cache ? '5000' : '0' };
// One after the other: each start compiles the API when its sources changed, and two at once would both write it.
// --on-first: the server with metrics is started first (the first one started measured faster in A/A runs).
const start = (which) => startServer({ env: which === 'on' && !values.same ? { ...env, METRICS_TOKEN: TOKEN } : env });
const [first, second] = values['on-first'] ? ['on', 'off'] : ['off', 'on'];
const started = { [first]: await start(first) };
started[second] = await start(second);
const { off, on } = started;
stopOnSignal(off);
stopOnSignal(on);

/** One GET /metrics as Prometheus sends it; its size and time. */
async function scrape(server) {
  const t = performance.now();
  const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  return { ms: performance.now() - t, bytes: text.length };
}

/** One slice of load on a server (no warm-up), with the server's CPU over it. */
async function sliceOf(server, seconds) {
  const before = cpuMs(server.pid);
  const started = performance.now();
  const x = await closedLoop({
    urls: [`${server.base}/api/products`],
    connections,
    duration: seconds,
    warmup: 0,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  return { ...x, seconds: (performance.now() - started) / 1000, cpu: cpuMs(server.pid) - before };
}

/** CPU (ms) a server uses over `ms` while idle: the default metrics' own timers and observers. */
async function idleCpu(server, ms) {
  const before = cpuMs(server.pid);
  await new Promise((r) => setTimeout(r, ms));
  return cpuMs(server.pid) - before;
}

/**
 * The work metrics add to each answer, timed here: one observation of the server's request histogram
 * (apps/api/src/http/metrics.ts, loaded through tsx) with the labels the server gives it, in µs (median of
 * 5 × 1,000,000). The server's hook does this and a string compare.
 */
function observeMicros() {
  const code = `
    const { FastHistogram, HTTP_BUCKETS } = await import(${JSON.stringify(path.join(root, 'apps/api/src/http/metrics.ts'))});
    const { Registry } = await import('prom-client');
    const h = new FastHistogram('bench_seconds', 'bench', ['method', 'route', 'status_code'], HTTP_BUCKETS, new Registry());
    const routes = ['/api/products', '/api/product-details', '/api/shops/:id', '/*'];
    const runs = [];
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      for (let i = 0; i < 1e6; i++) h.observe((i % 50) / 1000, 'GET', routes[i & 3], 200);
      runs.push((performance.now() - t) / 1000);
    }
    console.log(runs.sort((a, b) => a - b)[2]);`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`timing the histogram failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

let failed = false;
try {
  // Both must answer alike; the one without the token has no /metrics.
  if ((await fetch(`${off.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status !== 404)
    throw new Error('the server without METRICS_TOKEN answers /metrics');
  // Warm both (first answers compile code and fill caches).
  for (const server of [off, on])
    await closedLoop({ urls: [`${server.base}/api/products`], connections, duration: 2, warmup: 0 });
  const sum = { off: { answers: 0, seconds: 0, cpu: 0, errors: 0 }, on: { answers: 0, seconds: 0, cpu: 0, errors: 0 } };
  const scrapes = [];
  let nextScrape = 0;
  const slices = Math.ceil(duration / slice);
  for (let i = 0; i < slices; i++) {
    // off, on, on, off, off, on…: neither always goes first.
    for (const which of i % 2 ? ['on', 'off'] : ['off', 'on']) {
      const server = which === 'on' ? on : off;
      let x;
      if (which === 'on' && !values.same) {
        // Scrapes every 5 s of the on server's measured time, during its slices (their CPU counts).
        const timers = [];
        const sliceStart = sum.on.seconds;
        while (nextScrape < sliceStart + slice) {
          const at = Math.max(0, nextScrape - sliceStart) * 1000;
          timers.push(new Promise((r) => setTimeout(r, at)).then(() => scrape(on)).then((s) => scrapes.push(s)));
          nextScrape += SCRAPE_EVERY_MS / 1000;
        }
        x = await sliceOf(server, slice);
        await Promise.all(timers);
      } else x = await sliceOf(server, slice);
      const t = sum[which];
      t.answers += x.answers;
      t.seconds += x.seconds;
      t.cpu += x.cpu;
      t.errors += x.errors + x.non2xx;
    }
  }
  const row = (t) => ({ rps: t.answers / t.seconds, cpuPerAnswer: t.cpu / t.answers });
  const a = row(sum.off);
  const b = row(sum.on);
  const cost = 1 - b.rps / a.rps;
  const cpuCost = b.cpuPerAnswer / a.cpuPerAnswer - 1;
  const pass = cost <= BUDGET && !sum.off.errors && !sum.on.errors;
  if (values.same) console.log('--same: both servers without metrics, not scraped (the noise floor)');
  const sizes = scrapes.map((s) => s.bytes).sort((x, y) => x - y);
  const times = scrapes.map((s) => s.ms).sort((x, y) => x - y);
  console.log(
    `GET /api/products, ${connections} connections, cache ${values.cache ? 'on (5 s)' : 'off'}, ${slices} slices of ${slice} s each, alternating:\n` +
      `  without metrics:                 ${a.rps.toFixed(0)}/s, ${sum.off.answers} answers, errors/non-2xx ${sum.off.errors}, server CPU ${a.cpuPerAnswer.toFixed(3)} ms/answer\n` +
      `  with /metrics scraped every 5 s: ${b.rps.toFixed(0)}/s, ${sum.on.answers} answers, errors/non-2xx ${sum.on.errors}, server CPU ${b.cpuPerAnswer.toFixed(3)} ms/answer\n` +
      `  ${scrapes.length} scrapes: ${Math.round(sizes[sizes.length >> 1] / 1024)} KB of text each, answered in ${fmt(times[times.length >> 1])} ms (median)\n` +
      `  cost: ${(cost * 100).toFixed(1)} % of throughput (budget ≤ ${BUDGET * 100} %) ${pass ? 'PASS' : 'FAIL'}; ` +
      `CPU per answer ${cpuCost >= 0 ? '+' : ''}${(cpuCost * 100).toFixed(1)} %`,
  );
  if (!pass) failed = true;

  // The same cost computed from its parts, which a busy machine moves far less than the comparison above.
  if (!values.same) {
    const perObserve = observeMicros();
    const scrapeCpu = [];
    for (let i = 0; i < 3; i++) {
      const before = cpuMs(on.pid);
      for (let j = 0; j < 20; j++) await scrape(on);
      scrapeCpu.push((cpuMs(on.pid) - before) / 20);
    }
    const perScrape = scrapeCpu.sort((x, y) => x - y)[1];
    const idleOff = await idleCpu(off, 10_000);
    const idleOn = await idleCpu(on, 10_000);
    // Per second at the throughput measured without metrics: the observations, one scrape every 5 s, and
    // the default metrics' background work (idle CPU with metrics minus without), against the CPU of the
    // answers themselves.
    const answersCpu = a.cpuPerAnswer * a.rps;
    const added = (perObserve / 1000) * a.rps + perScrape / (SCRAPE_EVERY_MS / 1000) + Math.max(0, idleOn - idleOff) / 10;
    const computed = added / answersCpu;
    console.log(
      `  from its parts: one observation ${perObserve.toFixed(2)} µs; one scrape ${perScrape.toFixed(1)} ms of server CPU ` +
        `(idle server, median of 3 × 20); idle CPU over 10 s ${idleOn} ms with metrics, ${idleOff} ms without; ` +
        `at ${a.rps.toFixed(0)} answers/s of ${a.cpuPerAnswer.toFixed(3)} ms: ${added.toFixed(1)} ms of CPU a second added, ` +
        `${(computed * 100).toFixed(2)} % (budget ≤ ${BUDGET * 100} %) ${computed <= BUDGET ? 'PASS' : 'FAIL'}`,
    );
    if (computed > BUDGET) failed = true;
  }
} finally {
  await Promise.all([off.stop(), on.stop()]);
}
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed && values.strict ? 1 : 0);
