import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startGatewayPeer } from './gateway-peer';
import { startServer } from './server';

const root = path.resolve(import.meta.dirname, '..');

/** Builds the web app, then starts the production server the way `npm start` does, on a fresh data folder. */
export default async function setup(project: TestProject) {
  // npm test builds once before the API suite and says so with E2E_SKIP_BUILD=1.
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest runs with NODE_ENV=test, which Vite would pass on to React: the tests would run React's
    // development build, not the one `npm start` serves.
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@souq/web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('web build failed');
  }
  // Online payment goes to a gateway on loopback (gateway-peer.ts), which sends its webhooks back here.
  const gateway = await startGatewayPeer();
  const server = await startServer(gateway.env, { echo: true });
  gateway.setShop(server.baseUrl);
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
    await gateway.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared server's DATA_DIR: a test may read or seed its SQLite database directly. */
    dataDir: string;
  }
}
