#!/usr/bin/env node
// Budget: the home page's first-load JavaScript is at most 150 KB compressed (gzip).
// Rebuilds the web app (under the build lock; BENCH_SKIP_BUILD=1 skips that), starts the production
// server on a free port with a fresh data folder, loads / in headless Chromium and sums every script
// of the first load.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_KB = 150;
const root = path.resolve(import.meta.dirname, '..');
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];

if (process.env.BENCH_SKIP_BUILD !== '1') {
  // Builds are shared with the browser tests: hold their lock (BENCH_LOCK_HELD=1 when already held).
  const build = ['npm', 'run', 'build', '--workspace', '@souq/web'];
  const cmd = process.env.BENCH_LOCK_HELD === '1' ? build : ['flock', '/tmp/souq-e2e.lock', ...build];
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/master`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 240) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
let failed = false;
try {
  for (const pagePath of pages) {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || /\.m?js(\?|$)/.test(res.url())) scripts.push(res);
    });
    await page.goto(base + pagePath, { waitUntil: 'networkidle' });
    const rows = [];
    for (const res of scripts) {
      const body = await res.body();
      const gzip = zlib.gzipSync(body, { level: 9 }).length;
      rows.push({ file: new URL(res.url()).pathname, raw: body.length, gzip });
    }
    const total = rows.reduce((n, r) => n + r.gzip, 0) / 1024;
    console.log(`\n${pagePath}`);
    console.log('  file'.padEnd(60) + 'raw KB'.padStart(10) + 'gzip KB'.padStart(10));
    for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${r.file}`.padEnd(60) + (r.raw / 1024).toFixed(1).padStart(10) + (r.gzip / 1024).toFixed(1).padStart(10));
    }
    const ok = total <= BUDGET_KB;
    failed ||= !ok;
    console.log(
      `${pagePath === '/' ? 'home' : pagePath} first-load JS: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) ${ok ? 'PASS' : 'FAIL'}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
