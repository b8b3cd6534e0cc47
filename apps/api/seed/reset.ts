import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrations';
import { seedAll, seedEmpty } from './index';

/** npm run db:reset — drops everything, migrates and seeds the demo data again (SEED_DEMO=false: the base data alone). */
async function main() {
  const config = loadConfig();
  const uploadsDir = path.join(config.dataDir, 'uploads');
  if (config.database.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(config.database.file + suffix, { force: true });
  }
  const { db, dialect } = createDb(config.database);
  if (dialect === 'postgres') {
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
  fs.rmSync(uploadsDir, { recursive: true, force: true });
  await migrateToLatest(db, dialect);
  const started = Date.now();
  await (config.seedDemo ? seedAll : seedEmpty)({
    db,
    dialect,
    uploadsDir,
    log: { info: (m: unknown) => console.log(m) } as never,
  });
  console.log(
    `database reset and seeded (${dialect}, ${config.seedDemo ? 'demo' : 'base data only'}) in ${Date.now() - started} ms`,
  );
  await db.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
