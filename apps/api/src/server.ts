import v8 from 'node:v8';

import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startupProblems } from './startup-checks';
import { mountWeb } from './web';

// Decision 033: no allocation-site pretenuring. The first seconds of traffic (cold code, database
// connections still opening) keep request objects alive long enough for V8 to decide that their
// allocation sites make long-lived objects; from then on every query row and answer of the process
// was allocated in the old generation, which filled in seconds and stopped the server for full
// collections (the PostgreSQL cart tail of issue 16). Set before any request is served.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp(config);
  // Safe production mode (decision 043): what only the migrated database can tell, one line per problem.
  const problems = await startupProblems(app.db, config);
  if (problems.length) {
    console.error(`Refusing to start with APP_ENV=production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    await app.close();
    process.exit(1);
  }
  if (config.serveWeb) await mountWeb(app);
  // A graceful stop (decision 044): sockets told to reconnect (4200), the listener closed, idle keep-alive
  // connections closed, every request already received answered (its connection closed after it), then
  // the database closed (a transaction under way ends first): exit 0. Past SHUTDOWN_TIMEOUT_MS what is
  // left is logged and the process exits 1. A second signal changes nothing.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return void app.log.warn({ signal }, 'already stopping');
    stopping = true;
    const started = Date.now();
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.server.getConnections((_error, connections) => {
        app.log.error(
          {
            connections,
            sockets: app.realtime.hub.stats().connections,
            resources: process.getActiveResourcesInfo(),
            waitedMs: Date.now() - started,
          },
          'shutdown timed out: exiting with what is left',
        );
        process.exit(1);
      });
    }, app.config.shutdownTimeoutMs);
    deadline.unref();
    app.close().then(
      () => {
        app.log.info({ ms: Date.now() - started }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`storefront listening on ${address} (${config.database.dialect})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
