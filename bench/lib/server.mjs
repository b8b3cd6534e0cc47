// Starts the production server (scripts/start.mjs) for a benchmark: free loopback port, fresh data
// folder, quiet logs, login rate limits raised; optionally with N generated products.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const builtEntry = path.join(root, 'apps/web/build/server/index.js');

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

/** Builds the web app when there is no build yet, holding the shared build lock (unless the caller already holds it). */
export function ensureWebBuild() {
  if (fs.existsSync(builtEntry)) return;
  console.log('bench: building the web app…');
  const cmd =
    process.env.BENCH_LOCK_HELD === '1'
      ? ['npm', 'run', 'build', '--workspace', '@souq/web']
      : ['flock', '/tmp/souq-e2e.lock', 'npm', 'run', 'build', '--workspace', '@souq/web'];
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the web build failed');
}

/**
 * @param {{ products?: number, env?: Record<string, string>, label?: string, dataDir?: string, script?: string, gcTrace?: boolean }} [options]
 *   `script`: what to run instead of scripts/start.mjs (e.g. scripts/start-cluster.mjs).
 *   `gcTrace`: run the server with V8's `--trace-gc` and collect its collections in `gc` (see `gcEvents`)
 *   instead of printing them.
 * @returns {Promise<{ base: string, port: number, dataDir: string, pid: number, stop: () => Promise<void>, gc: GcEvent[] }>}
 */
export async function startServer(options = {}) {
  // An API-only server (SERVE_WEB=false) needs no web build.
  if (options.env?.SERVE_WEB !== 'false') ensureWebBuild();
  // options.dataDir: an existing data folder (e.g. a generated catalogue kept between runs); left in place.
  const keep = !!options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SKIP_BUILD: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    LOGIN_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000',
    ...options.env,
  };
  if (options.products) {
    const started = Date.now();
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/seed/generate-cli.ts', '--products', String(options.products)],
      { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (r.status !== 0) throw new Error('generating the catalogue failed');
    console.log(
      `bench: generated ${options.products.toLocaleString('en')} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: extra flags for the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (options.gcTrace) nodeArgs.push('--trace-gc');
  const child = spawn(process.execPath, [...nodeArgs, options.script ?? 'scripts/start.mjs'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', options.gcTrace ? 'pipe' : 'inherit', 'inherit'],
  });
  const gc = [];
  if (options.gcTrace) gcEvents(child.stdout, gc);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/master`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 600) {
      await stop();
      throw new Error('the server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Measure a server that has finished starting, as a load balancer would send it traffic: GET /api/ready
  // answers 503 until the search index of a large catalogue is read (seconds after listening).
  // options.ready false: do not wait (the start-up bench measures until listening).
  if (options.ready !== false) {
    const since = Date.now();
    while ((await fetch(`${base}/api/ready`)).status === 503) {
      if (Date.now() - since > 120_000) {
        await stop();
        throw new Error('the server was not ready within 120 s');
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const waited = (Date.now() - since) / 1000;
    if (waited > 1) console.log(`bench: the server was ready ${waited.toFixed(1)} s after listening (search index read)`);
  }
  // pid: the server's process (scripts/start.mjs runs the server in its own process).
  return { base, port, dataDir, pid: child.pid, stop, gc };
}

/** Stops the server on Ctrl-C too. */
export function stopOnSignal(server) {
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.once(sig, () => {
      void server.stop().finally(() => process.exit(130));
    });
}

/**
 * @typedef {{ at: number, kind: 'scavenge' | 'full', afterMb: number, pauseMs: number }} GcEvent
 * `at`: this process's performance.now() when the line arrived (within a few ms of the collection).
 */

/** Reads `--trace-gc` lines from a server's stdout into `into` (GcEvent); other lines are printed as they come. */
function gcEvents(stdout, into) {
  let rest = '';
  stdout.setEncoding('utf8');
  stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      // e.g. "[123:0x55]   2490 ms: Scavenge 116.2 (136.9) -> 103.3 (137.2) MB, 1.09 / 0.02 ms  (…) task;"
      const m = /ms: (Scavenge|Mark-Compact)\b.*?-> ([\d.]+) \([\d.]+\) MB, ([\d.]+) /.exec(line);
      if (m)
        into.push({ at: performance.now(), kind: m[1] === 'Scavenge' ? 'scavenge' : 'full', afterMb: +m[2], pauseMs: +m[3] });
      else process.stdout.write(`${line}\n`);
    }
  });
}

/**
 * What the server's collector did between `from` and `to` (performance.now() of this process): full
 * collections and their pauses, and how fast the heap left after each scavenge grew (what outlived the
 * young generation: the old generation's growth between full collections).
 */
export function gcSummary(events, from, to) {
  const inside = events.filter((e) => e.at >= from && e.at <= to);
  const full = inside.filter((e) => e.kind === 'full');
  const scav = inside.filter((e) => e.kind === 'scavenge');
  let grown = 0;
  for (let i = 1; i < scav.length; i++)
    if (!full.some((f) => f.at > scav[i - 1].at && f.at < scav[i].at)) grown += scav[i].afterMb - scav[i - 1].afterMb;
  const seconds = scav.length > 1 ? (scav.at(-1).at - scav[0].at) / 1000 : 0;
  return {
    full: full.length,
    fullPausesMs: full.map((f) => f.pauseMs),
    scavenges: scav.length,
    promotedMbPerS: seconds > 0 ? grown / seconds : NaN,
  };
}
