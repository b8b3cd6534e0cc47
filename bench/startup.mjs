#!/usr/bin/env node
// Start-up time and idle memory of the production server (`npm start`, i.e. scripts/start.mjs running the
// compiled API): the first start on an empty data folder (migrations, demo seed), then --runs restarts on
// that existing database, each timed from the spawn until GET /api/master answers 200; then the resident
// memory (VmRSS) of the idle server right after start and after serving pages and API answers.
//   node bench/startup.mjs [--strict] [--runs 5] [--tsx]
// --tsx: start apps/api/src/server.ts through tsx instead (how `npm start` ran before decision 015).
// Budget: start-up to listening on an existing database ≤ 2000 ms (median of the restarts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buildApiIfStale } from '../scripts/build-api.mjs';
import { cpuMs } from './lib/load.mjs';
import { ensureWebBuild, freePort, root } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    tsx: { type: 'boolean', default: false },
  },
});
const BUDGET_MS = 2000;

ensureWebBuild();
await buildApiIfStale();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-startup-'));

const rssMb = (pid) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
};

async function start() {
  const port = await freePort();
  const args = values.tsx ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['scripts/start.mjs'];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/master`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(5);
  }
  const ms = performance.now() - started;
  // CPU the process used until then: what start-up costs on a quiet machine, whatever else runs here.
  const cpu = cpuMs(child.pid);
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return { ms, cpu, base, pid: child.pid, stop };
}

try {
  const first = await start();
  console.log(`first start (migrations, demo seed): ${first.ms.toFixed(0)} ms`);
  await first.stop();
  const times = [];
  const cpus = [];
  let last;
  for (let i = 0; i < Number(values.runs); i++) {
    const s = await start();
    times.push(s.ms);
    cpus.push(s.cpu);
    if (i < Number(values.runs) - 1) await s.stop();
    else last = s;
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `start-up to listening on the existing database (${values.tsx ? 'tsx' : 'compiled'}): median ${median.toFixed(0)} ms ` +
      `(runs: ${times.map((t) => t.toFixed(0)).join(', ')}; budget ≤ ${BUDGET_MS}) ${median <= BUDGET_MS ? 'PASS' : 'FAIL'}; ` +
      `CPU used until then: median ${cpus[Math.floor(cpus.length / 2)].toFixed(0)} ms`,
  );
  await sleep(2000);
  const idle = rssMb(last.pid);
  // Pages and answers of every kind once (first render of each route, caches filled), then idle again.
  const list = await (await fetch(`${last.base}/api/products`)).json();
  const id = list.data.products[0].id;
  const paths = [
    '/',
    '/products',
    `/products/${id}/details`,
    '/api/home',
    '/api/products?search=perfume',
    `/api/product-details?product_id=${id}`,
  ];
  for (let round = 0; round < 20; round++)
    for (const p of [...paths, ...paths.map((p) => p + (p.includes('?') ? '&' : '?') + 'lang=en')])
      await (await fetch(last.base + p)).arrayBuffer();
  await sleep(2000);
  const served = rssMb(last.pid);
  console.log(
    `idle resident memory: ${idle.toFixed(0)} MB after start, ${served.toFixed(0)} MB after serving pages and API answers`,
  );
  await last.stop();
  if (median > BUDGET_MS && values.strict) process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
