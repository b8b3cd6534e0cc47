#!/usr/bin/env node
// Budget: the first-load JavaScript of home, the product list and a product page is at most 150 KB
// compressed (gzip) each.
//   node bench/first-load-js.mjs [--strict] [/other/path ...]
// Rebuilds the web app (under the build lock; BENCH_SKIP_BUILD=1 skips that), starts the production
// server with the demo seed (lib/server.mjs), loads each page in headless Chromium and sums every script
// it fetched until the network was idle.
import { spawnSync } from 'node:child_process';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { launchChromium } from './lib/browser.mjs';
import { benchPages, benchServer } from './lib/pages.mjs';
import { root, startServer, stopOnSignal } from './lib/server.mjs';

const BUDGET_KB = 150;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { strict: { type: 'boolean', default: false } },
});

if (process.env.BENCH_SKIP_BUILD !== '1') {
  // Builds are shared with the browser tests: hold their lock (BENCH_LOCK_HELD=1 when already held).
  const build = ['npm', 'run', 'build', '--workspace', '@souq/web'];
  const cmd = process.env.BENCH_LOCK_HELD === '1' ? build : ['flock', '/tmp/souq-e2e.lock', ...build];
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const server = await startServer(benchServer);
stopOnSignal(server);
const { base } = server;
const pages = await benchPages(base, positionals);

const browser = await launchChromium();
const summary = [];
try {
  for (const pagePath of pages) {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(res.url())) scripts.push(res);
    });
    await page.goto(base + pagePath, { waitUntil: 'networkidle' });
    const rows = [];
    for (const res of scripts) {
      const body = await res.body();
      rows.push({ file: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    }
    const total = rows.reduce((n, r) => n + r.gzip, 0) / 1024;
    console.log(`\n${pagePath}`);
    console.log('  file'.padEnd(60) + 'raw KB'.padStart(10) + 'gzip KB'.padStart(10));
    for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${r.file}`.padEnd(60) + (r.raw / 1024).toFixed(1).padStart(10) + (r.gzip / 1024).toFixed(1).padStart(10));
    }
    summary.push({ page: pagePath, files: rows.length, total, pass: total <= BUDGET_KB });
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`\nFirst-load JavaScript (gzip), budget ${BUDGET_KB} KB a page`);
for (const s of summary) {
  console.log(
    `  ${s.page.padEnd(28)} ${String(s.files).padStart(3)} files  ${s.total.toFixed(1).padStart(6)} KB  ${s.pass ? 'PASS' : 'FAIL'}`,
  );
}
const failed = summary.some((s) => !s.pass);
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed && values.strict ? 1 : 0);
