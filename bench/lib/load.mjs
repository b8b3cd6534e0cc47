// Fixed-rate load with autocannon: a warm-up, then the measured run; latency figures in ms.
import autocannon from 'autocannon';

/**
 * @param {{ url: string, rate: number, duration?: number, warmup?: number, connections?: number,
 *   method?: string, body?: string, headers?: Record<string, string> }} o
 */
export async function fixedRate(o) {
  const connections = o.connections ?? Math.max(10, Math.ceil(o.rate / 25));
  const base = {
    url: o.url,
    method: o.method ?? 'GET',
    body: o.body,
    headers: o.headers,
    connections,
    overallRate: o.rate,
    timeout: 10,
  };
  if ((o.warmup ?? 2) > 0) await autocannon({ ...base, duration: o.warmup ?? 2 });
  const r = await autocannon({ ...base, duration: o.duration ?? 10 });
  const seconds = r.duration || (o.duration ?? 10);
  return {
    p50: r.latency.p50,
    p975: r.latency.p97_5,
    p99: r.latency.p99,
    max: r.latency.max,
    rps: Math.round(((r.requests.total ?? 0) / seconds) * 10) / 10,
    rate: o.rate,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export const fmt = (ms) => (ms === undefined || ms === null ? '-' : `${Number(ms).toFixed(ms < 10 ? 2 : 1)}`);

/** Prints one table: name, budget and measured figures, PASS/FAIL. */
export function printTable(title, rows) {
  console.log(`\n${title}`);
  const head = ['check', 'rate', 'achieved', 'p50 ms', 'p97.5 ms', 'p99 ms', 'budget p99', 'errors', 'non-2xx', 'result'];
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
