// Fixed-rate (open-loop) load: request i is sent at start + i / rate, evenly spaced, whatever the
// answers to earlier requests are doing, and its latency is counted from that planned moment. A slow
// server therefore shows up in the figures (requests waiting for a free connection or behind a slow
// one count their wait), unlike a closed loop that sends less when the server slows down.
// (autocannon's `overallRate` sends each connection's quota back to back at the start of every second,
// i.e. bursts of `rate` requests; that measures queueing of the burst, not latency at a steady rate.)
import fs from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** CPU time (user + system, ms) a process has used so far (Linux /proc; 10 ms ticks). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU ticks of the whole machine so far (/proc/stat's first line): busy and in all, over every core. */
export function machineTicks() {
  const t = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const all = t.reduce((a, b) => a + b, 0);
  return { busy: all - t[3] - t[4], all };
}

/** CPU time (ms) used so far by the processes whose command name starts with `prefix` (e.g. PostgreSQL's). */
export function commandCpuMs(prefix) {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith(prefix)) total += cpuMs(entry);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/**
 * CPU time (ms) of a process and every process below it (a cluster's primary and its workers), of those
 * alive now: measure a cluster only while its workers run.
 */
export function treeCpuMs(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  let total = 0;
  const walk = (p) => {
    try {
      total += cpuMs(p);
    } catch {
      return;
    }
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return total;
}

/** Measures `run` and, given the server's pid, the server's CPU milliseconds per answer during it. */
async function withCpu(pid, run) {
  const before = pid ? treeCpuMs(pid) : 0;
  const x = await run();
  const answers = x.answers ?? 0;
  return { ...x, cpuPerAnswer: pid && answers ? (treeCpuMs(pid) - before) / answers : undefined };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : undefined;

/**
 * One phase of `seconds` at `rate` requests a second; resolves when every answer is in, or 10 s after the
 * last request left: requests still unanswered then (waiting for a connection behind a server that fell
 * behind) are abandoned and counted as errors, so an overloaded server cannot hold the bench for minutes.
 */
async function phase(o, agent, seconds, first = 0) {
  const urls = (o.urls ?? [o.url]).map((u) => new URL(u));
  const headers = { ...o.headers };
  if (o.body) headers['content-length'] = String(Buffer.byteLength(o.body));
  const total = Math.round(o.rate * seconds);
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  let firstError;
  const open = new Set();
  // `variants`: request i takes variants[i % n] (its own method, body and headers: e.g. many customers).
  const variants = (o.variants ?? []).map((v) => {
    const h = { ...headers, ...v.headers };
    const body = v.body ?? o.body;
    if (body) h['content-length'] = String(Buffer.byteLength(body));
    return { method: v.method ?? o.method ?? 'GET', body, headers: h };
  });
  const send = (planned, url, variant) =>
    new Promise((resolve) => {
      // From the planned moment when sent late; from the moment it left when the timer woke a little early.
      const from = Math.min(planned, performance.now());
      let done = false;
      const failed = (error) => {
        if (done) return;
        done = true;
        errors++;
        firstError ??= error instanceof Error ? error.message : undefined;
        resolve();
      };
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: variant?.method ?? o.method ?? 'GET',
          headers: variant?.headers ?? headers,
        },
        (res) => {
          res.on('data', () => {});
          res.on('error', failed);
          res.on('aborted', failed);
          res.on('end', () => {
            if (done) return;
            done = true;
            if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - from);
            else non2xx++;
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      open.add(req);
      req.on('close', () => {
        open.delete(req);
        // Closed without an answer or an error event (destroyed mid-answer): a failure.
        setImmediate(failed);
      });
      req.on('error', failed);
      req.end(variant ? variant.body : o.body);
    });
  const start = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const planned = start + (i * 1000) / o.rate;
    const wait = planned - performance.now();
    if (wait >= 1) await sleep(wait);
    inFlight.push(send(planned, urls[i % urls.length], variants.length ? variants[(first + i) % variants.length] : undefined));
  }
  const sendWindow = (performance.now() - start) / 1000;
  let abandon;
  const late = new Promise((resolve) => {
    abandon = setTimeout(resolve, 10_000);
  });
  await Promise.race([Promise.all(inFlight), late]);
  clearTimeout(abandon);
  for (const req of open) req.destroy(new Error('abandoned'));
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p975: percentile(latencies, 0.975),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1),
    // Requests sent a second over the sending window (the generator keeps the rate unless it is starved).
    rps: Math.round((total / Math.max(sendWindow, seconds)) * 10) / 10,
    rate: o.rate,
    errors,
    firstError,
    non2xx,
    answers: latencies.length + non2xx,
  };
}

/**
 * @param {{ url?: string, urls?: string[], rate: number, duration?: number, warmup?: number, connections?: number,
 *   method?: string, body?: string, headers?: Record<string, string>, pid?: number,
 *   variants?: Array<{ method?: string, body?: string, headers?: Record<string, string> }> }} o
 *   `pid`: the server's process; the answer then has `cpuPerAnswer` (ms of its CPU per answer).
 *   The answer's `warm` holds the warm-up's own figures (p50, p99, …), undefined without a warm-up.
 *   `urls`: request i asks for urls[i % urls.length] (e.g. many different searches).
 */
export async function fixedRate(o) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections ?? Math.max(10, Math.ceil(o.rate / 25)) });
  try {
    const warmup = o.warmup ?? 2;
    // The warm-up's own figures come back as `warm` (not judged: a server just started is still compiling
    // its code and its database connections their statements).
    const warm = warmup > 0 ? await phase(o, agent, warmup) : undefined;
    // With `variants`, the measured phase goes on where the warm-up stopped (e.g. customers not used yet).
    return { ...(await withCpu(o.pid, () => phase(o, agent, o.duration ?? 10, Math.round(o.rate * warmup)))), warm };
  } finally {
    agent.destroy();
  }
}

export const fmt = (ms) => (ms === undefined || ms === null ? '-' : `${Number(ms).toFixed(ms < 10 ? 2 : 1)}`);

/** Prints one table: name, budget and measured figures, PASS/FAIL. */
export function printTable(title, rows) {
  console.log(`\n${title}`);
  const cpu = rows.some((x) => x.cpuPerAnswer !== undefined);
  const head = ['check', 'rate', 'achieved', 'p50 ms', 'p97.5 ms', 'p99 ms', 'budget p99', 'errors', 'non-2xx', 'result'];
  if (cpu) head.push('server CPU/answer');
  const lines = rows.map((x) => [
    x.name,
    `${x.rate}/s`,
    `${x.rps}/s`,
    fmt(x.p50),
    fmt(x.p975),
    fmt(x.p99),
    `≤ ${fmt(x.budget)}`,
    String(x.errors),
    String(x.non2xx),
    x.pass ? 'PASS' : 'FAIL',
    ...(cpu ? [x.cpuPerAnswer === undefined ? '-' : `${x.cpuPerAnswer.toFixed(2)} ms`] : []),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(row(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(row(l));
}

/** A measured run passes when its p99 is within budget, nothing failed and it kept (nearly) the asked rate. */
export const judge = (x, budget) => ({
  ...x,
  budget,
  pass: x.p99 <= budget && x.errors === 0 && x.non2xx === 0 && x.rps >= x.rate * 0.95,
});

/**
 * Closed loop: `connections` keep-alive connections each send their next request as soon as the last
 * answer is in, for `duration` seconds after a `warmup`; answers the throughput (requests a second) and the
 * latency percentiles. Measures how many answers one server process can give, not latency at a rate.
 * @param {{ urls: string[], connections: number, duration?: number, warmup?: number, headers?: Record<string, string>, pid?: number }} o
 */
export async function closedLoop(o) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const urls = o.urls.map((u) => new URL(u));
  const run = async (seconds) => {
    const latencies = [];
    let errors = 0;
    let non2xx = 0;
    let next = 0;
    const end = performance.now() + seconds * 1000;
    const one = (url) =>
      new Promise((resolve) => {
        const from = performance.now();
        const req = http.get(
          { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers: o.headers },
          (res) => {
            res.on('data', () => {});
            res.on('end', () => {
              if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - from);
              else non2xx++;
              resolve();
            });
          },
        );
        req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
        req.on('error', () => {
          errors++;
          resolve();
        });
      });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: o.connections }, async () => {
        while (performance.now() < end) await one(urls[next++ % urls.length]);
      }),
    );
    const seconds_ = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      rps: Math.round(latencies.length / seconds_),
      p50: percentile(latencies, 0.5),
      p975: percentile(latencies, 0.975),
      p99: percentile(latencies, 0.99),
      errors,
      non2xx,
      answers: latencies.length + non2xx,
    };
  };
  try {
    if ((o.warmup ?? 2) > 0) await run(o.warmup ?? 2);
    return await withCpu(o.pid, () => run(o.duration ?? 10));
  } finally {
    agent.destroy();
  }
}
