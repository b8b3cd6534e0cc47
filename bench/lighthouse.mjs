#!/usr/bin/env node
// Lighthouse (mobile preset, simulated throttling, performance only) on the home page, the product
// list and a product page of the production server with the demo seed.
//   node bench/lighthouse.mjs [--strict] [--runs 1] [--save DIR] [/other/path ...]
// --save DIR writes each Lighthouse report (JSON) there, to see where the time goes.
// Budgets: performance score ≥ 90 and CLS ≤ 0.05 on every page (the median of the runs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, stopOnSignal } from './lib/server.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    strict: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    save: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const SCORE_BUDGET = 90;
const CLS_BUDGET = 0.05;
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const server = await startServer();
stopOnSignal(server);
let chrome;
let failed = false;
try {
  const { base } = server;
  const first = (await (await fetch(`${base}/api/products`)).json()).data.products[0];
  const pages = positionals.length ? positionals : ['/', '/products', `/products/${first.id}/details`];
  // Warm the server before measuring: the first SSR of each route, the catalogue cache, and every image
  // size the pages refer to (resized on first request, then served from the disk cache), so that the
  // runs measure the page, not one-off work of the server competing with the browser for the CPU.
  for (const p of pages) {
    for (const lang of ['', p.includes('?') ? '&lang=en' : '?lang=en']) {
      const html = await (await fetch(base + p + lang)).text();
      const urls = new Set();
      for (const m of html.matchAll(/(?:src|href)="(\/img\/[^"]+)"/g)) urls.add(m[1]);
      for (const m of html.matchAll(/(?:srcSet|srcset|imageSrcSet)="([^"]+)"/g))
        for (const part of m[1].split(',')) urls.add(part.trim().split(/\s+/)[0]);
      for (const url of urls)
        if (url.startsWith('/img/'))
          await (await fetch(base + url, { headers: { accept: 'image/avif,image/webp,*/*' } })).arrayBuffer();
    }
  }

  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  const rows = [];
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
        }));
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${p}: ${lhr.runtimeError.message}`);
        console.log(`  ${p}: ${lhr.runtimeError.code}, run again`);
      }
      if (values.save) {
        mkdirSync(values.save, { recursive: true });
        const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}.json`;
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
      page: p,
      score: median(samples.map((s) => s.score)),
      cls: median(samples.map((s) => s.cls)),
      lcp: median(samples.map((s) => s.lcp)),
      tbt: median(samples.map((s) => s.tbt)),
      fcp: median(samples.map((s) => s.fcp)),
      lcpElement: samples[0].lcpElement,
    };
    row.pass = row.score >= SCORE_BUDGET && row.cls <= CLS_BUDGET;
    rows.push(row);
  }

  console.log(
    `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, performance — budgets: score ≥ ${SCORE_BUDGET}, CLS ≤ ${CLS_BUDGET}`,
  );
  const head = ['page', 'score', 'CLS', 'LCP ms', 'FCP ms', 'TBT ms', 'result'];
  const lines = rows.map((r) => [
    r.page,
    String(r.score),
    r.cls.toFixed(3),
    String(Math.round(r.lcp)),
    String(Math.round(r.fcp)),
    String(Math.round(r.tbt)),
    r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmtRow = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(fmtRow(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmtRow(l));
  for (const r of rows) if (r.lcpElement) console.log(`  LCP element on ${r.page}: ${r.lcpElement}`);
  failed = rows.some((r) => !r.pass);
} finally {
  await chrome?.kill();
  await server.stop();
}
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed && values.strict ? 1 : 0);
