#!/usr/bin/env node
// npm run start:cluster: the storefront as several API processes behind one port, on PostgreSQL and
// Redis (decision 019). PostgreSQL and Redis are started when they are not answering
// (scripts/ensure-services.sh; SKIP_SERVICES=1 leaves them alone), the builds are made once, then
// WORKERS (default 2) processes of `npm start`'s server share PORT through node:cluster (the primary
// accepts connections and hands them out in turn). Every process serves pages, the API and WebSockets;
// realtime events fan out through Redis, rate limits are counted there, and a process that dies is
// replaced. Defaults: DATABASE_URL=postgres://postgres@127.0.0.1:5432/souq_cluster (created when
// missing), REDIS_URL=redis://127.0.0.1:6379, and one PUSHER_APP_SECRET and OTP_SECRET made up for
// all workers when unset. Other variables as for `npm start` (README "Configuration").
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');

if (cluster.isPrimary) {
  const env = process.env;
  env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/souq_cluster';
  env.REDIS_URL ||= 'redis://127.0.0.1:6379';
  // One pair of secrets for every worker; in production they must be given (each worker refuses to start
  // without them: made up here they would die at every restart).
  if (env.APP_ENV !== 'production') {
    env.PUSHER_APP_SECRET ||= randomBytes(24).toString('hex');
    env.OTP_SECRET ||= randomBytes(32).toString('hex');
  }
  const workers = Math.max(1, Number(env.WORKERS ?? 2) || 2);

  if (env.SKIP_SERVICES !== '1') spawnSync('bash', [path.join(root, 'scripts/ensure-services.sh')], { stdio: 'inherit' });
  await ensureDatabase(env.DATABASE_URL);
  // The builds, once, before any worker (web only when it is served).
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
    stdio: 'inherit',
    env: env.SERVE_WEB === 'false' ? { ...env, SKIP_BUILD: '1' } : env,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);

  cluster.setupPrimary({ exec: path.join(root, 'scripts/start.mjs'), args: [] });
  let stopping = false;
  const fork = () => cluster.fork({ ...env, SKIP_BUILD: '1' });
  cluster.on('listening', (worker, address) =>
    console.log(`cluster: worker ${worker.process.pid} listening on port ${address.port}`),
  );
  let failedStops = 0;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failedStops++;
      return;
    }
    console.log(`cluster: worker ${worker.process.pid} stopped (${signal ?? `code ${code}`}); starting another`);
    setTimeout(fork, 500).unref();
  });
  // The first worker migrates (and seeds an empty database) before the others start.
  const first = fork();
  await new Promise((resolve, reject) => {
    first.once('listening', resolve);
    first.once('exit', () => reject(new Error('the first worker stopped before listening')));
  }).catch((error) => {
    console.error(`cluster: ${error.message}`);
    process.exit(1);
  });
  for (let i = 1; i < workers; i++) fork();

  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`cluster: ${signal}, stopping the workers`);
    // Each drains its requests and sockets, within its own SHUTDOWN_TIMEOUT_MS (decision 044).
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    const waitMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000) + 2000;
    for (let i = 0; i < waitMs / 100 && Object.keys(cluster.workers ?? {}).length > 0; i++) await sleep(100);
    process.exit(failedStops || Object.keys(cluster.workers ?? {}).length ? 1 : 0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Creates the PostgreSQL database named by the URL when it does not exist yet. */
async function ensureDatabase(url) {
  if (!/^postgres(ql)?:/.test(url)) return;
  const { default: pg } = await import('pg');
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^\w+$/.test(name)) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${name}`);
      console.log(`cluster: created database ${name}`);
    }
  } catch (error) {
    console.error(`cluster: could not check the database (${error.message}); the workers will report it`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
