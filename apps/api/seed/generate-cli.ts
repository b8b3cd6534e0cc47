/**
 * Adds generated products to the configured database (benchmarks, load tests):
 *   npx tsx apps/api/seed/generate-cli.ts --products 100000 [--seed 42]
 * Reads the same environment as the server (DATA_DIR, DATABASE_URL, …), migrates, seeds the demo
 * when the database is empty, generates, then refreshes the planner statistics (ANALYZE).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../src/config';
import { createDb } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrations';
import { seedIfEmpty } from './index';
import { generateCatalogue } from './generate';

async function main() {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: '100000' }, seed: { type: 'string' } },
  });
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 0 || products > 5_000_000) {
    console.error('--products must be a whole number between 0 and 5,000,000');
    process.exit(2);
  }
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
  const { db, dialect } = createDb(config.database);
  try {
    const log = { info: (msg: string) => console.log(msg) };
    await migrateToLatest(db, dialect);
    await seedIfEmpty(db, dialect, log, path.join(config.dataDir, 'uploads'));
    const started = Date.now();
    let reported = 0;
    const { firstId, lastId } = await generateCatalogue(db, dialect, {
      products,
      seed: values.seed === undefined ? undefined : Number(values.seed),
      onProgress: (done) => {
        if (done - reported >= 10_000 || done === products) {
          reported = done;
          process.stdout.write(`  ${done.toLocaleString('en')} / ${products.toLocaleString('en')}\r`);
        }
      },
    });
    const generatedMs = Date.now() - started;
    await sql`ANALYZE`.execute(db);
    if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    console.log(
      `\ngenerated ${products.toLocaleString('en')} products (ids ${firstId}-${lastId}) in ${generatedMs} ms on ${dialect}; ANALYZE took ${Date.now() - started - generatedMs} ms`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
