import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR (its SQLite database is `storefront.sqlite` there). */
  dataDir: string;
  /** Everything the server wrote to standard output so far (its log). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the production server the way `npm start` does (the web app must be built), on a free port with
 * a fresh data folder, with `env` on top of the test defaults; resolves once it answers. `echo` passes its
 * log on to this process's output.
 */
export async function startServer(env: Record<string, string> = {}, { echo = false } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-e2e-'));
  let log = '';
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      // As `npm start` runs it: Vitest's NODE_ENV=test would have the server render with React's
      // development build.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Canonical and Open Graph URLs name the configured origin only (never the request's Host).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // No sampled vitals reports unless a test asks (vitals.test.ts): they would add requests at random.
      VITALS_SAMPLE_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout!.on('data', (chunk: Buffer) => {
    if (echo) process.stdout.write(chunk);
    log += chunk.toString('utf8');
    if (log.length > 1_000_000) log = log.slice(-500_000);
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r).once('error', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/master`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}: ${log.slice(-2000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start in 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, dataDir, output: () => log, stop };
}
