import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { mountWeb } from './web';

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
  if (config.serveWeb) await mountWeb(app);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`storefront listening on ${address} (${config.database.dialect})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
