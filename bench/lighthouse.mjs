#!/usr/bin/env node
// Lighthouse (mobile preset, performance only) on the home page, the product list and a product page of
// the production server with the demo seed, with both throttling methods:
// - simulated: the page loads unthrottled and Lighthouse estimates the slow-4G / 4× CPU timings;
// - devtools (applied): Chromium itself slows the network (request latency and throughput) and the CPU
//   during the load, as a phone on that network would see it.
//   node bench/lighthouse.mjs [--strict] [--runs 1] [--method simulate|devtools|both] [--save DIR] [/other/path ...]
// --save DIR writes each Lighthouse report (JSON) there, to see where the time goes.
// Budgets: performance score ≥ 90 and CLS ≤ 0.05 on every page and method (the median of the runs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './lib/browser.mjs';
import { benchPages, benchServer, median, printTable, warmServer } from './lib/pages.mjs';
import { startServer, stopOnSignal } from './lib/server.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    strict: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    method: { type: 'string', default: 'both' },
    save: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const methods = values.method === 'both' ? ['simulate', 'devtools'] : [values.method];
if (!methods.every((m) => m === 'simulate' || m === 'devtools')) throw new Error('--method is simulate, devtools or both');
const SCORE_BUDGET = 90;
const CLS_BUDGET = 0.05;

const server = await startServer(benchServer);
stopOnSignal(server);
let chrome;
let failed = false;
try {
  const { base } = server;
  const pages = await benchPages(base, positionals);
  await warmServer(base, pages);

  chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const rows = [];
  for (const method of methods) {
    for (const p of pages) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        let lhr;
        // Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP): that run is repeated, twice at most.
        for (let attempt = 1; ; attempt++) {
          ({ lhr } = await lighthouse(base + p, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            throttlingMethod: method,
          }));
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`${p}: ${lhr.runtimeError.message}`);
          console.log(`  ${p}: ${lhr.runtimeError.code}, run again`);
        }
        if (values.save) {
          mkdirSync(values.save, { recursive: true });
          const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${method}-${i + 1}.json`;
          writeFileSync(join(values.save, name), JSON.stringify(lhr));
        }
        samples.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          fcp: lhr.audits['first-contentful-paint'].numericValue,
          lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
        });
      }
      const row = {
        method,
        page: p,
        score: median(samples.map((s) => s.score)),
        cls: median(samples.map((s) => s.cls)),
        lcp: median(samples.map((s) => s.lcp)),
        tbt: median(samples.map((s) => s.tbt)),
        fcp: median(samples.map((s) => s.fcp)),
        scores: samples.map((s) => s.score),
        lcpElement: samples[0].lcpElement,
      };
      row.pass = row.score >= SCORE_BUDGET && row.cls <= CLS_BUDGET;
      rows.push(row);
    }
  }

  console.log(
    `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, performance — budgets: score ≥ ${SCORE_BUDGET}, CLS ≤ ${CLS_BUDGET}`,
  );
  printTable(
    ['throttling', 'page', 'score', 'CLS', 'LCP ms', 'FCP ms', 'TBT ms', 'runs', 'result'],
    rows.map((r) => [
      r.method === 'simulate' ? 'simulated' : 'devtools',
      r.page,
      r.score,
      r.cls.toFixed(3),
      Math.round(r.lcp),
      Math.round(r.fcp),
      Math.round(r.tbt),
      r.scores.join('/'),
      r.pass ? 'PASS' : 'FAIL',
    ]),
  );
  for (const r of rows) if (r.lcpElement) console.log(`  LCP element on ${r.page} (${r.method}): ${r.lcpElement}`);
  failed = rows.some((r) => !r.pass);
} finally {
  await chrome?.kill();
  await server.stop();
}
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed && values.strict ? 1 : 0);
