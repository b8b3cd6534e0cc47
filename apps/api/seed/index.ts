import type { Db, Dialect } from '../src/db/index';
import type { SeedContext } from './context';
import { seedBase, seedBaseSettings, type Edition } from './base';
import { seedCatalogue } from './catalogue';
import { seedCommerce } from './commerce';
import { seedChat } from './chat';
import { seedSupport } from './support';

export type { SeedContext } from './context';
export type { Edition } from './base';
/** The demo accounts (their passwords included), for the API's tests. */
export { DEMO_CUSTOMER, DEMO_SELLERS } from './catalogue';
export { DEMO_OPERATOR, seedDemoOperator } from './operators';

/**
 * First start: a database without settings gets the base data (base.ts), and with `edition` 'demo' the
 * demo marketplace with it, in one transaction. A database with settings is left as it is, whichever the
 * edition: an empty-started shop never gets the demo later (it would mix demo shops, accounts and
 * orders into real data), and a demo database is not emptied.
 */
export async function seedIfEmpty(
  db: Db,
  dialect: Dialect,
  log: SeedContext['log'],
  uploadsDir?: string,
  edition: Edition = 'demo',
): Promise<boolean> {
  const row = await db.selectFrom('settings').select('key').limit(1).executeTakeFirst();
  if (row) return false;
  const started = Date.now();
  const dir = uploadsDir ?? process.env.UPLOADS_DIR ?? `${process.env.DATA_DIR ?? './data'}/uploads`;
  const ctx = { db, dialect, uploadsDir: dir, log };
  if (edition === 'demo') {
    await seedAll(ctx);
    log.info(`demo data seeded in ${Date.now() - started} ms`);
  } else {
    await seedEmpty(ctx);
    log.info(`base data written in ${Date.now() - started} ms (SEED_DEMO=false: no demo data)`);
  }
  return true;
}

/** The base data and the demo marketplace. */
export async function seedAll(ctx: SeedContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const inner = { ...ctx, db: trx as unknown as Db };
    await seedBase(inner, 'demo');
    await seedCatalogue(inner);
    await seedCommerce(inner);
    await seedChat(inner);
    await seedSupport(inner);
    // Settings last: their presence marks a fully seeded database.
    await seedBaseSettings(inner, 'demo');
  });
}

/** The base data alone: what a shop needs to run, without products, shops or accounts (SEED_DEMO=false). */
export async function seedEmpty(ctx: SeedContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const inner = { ...ctx, db: trx as unknown as Db };
    await seedBase(inner, 'empty');
    await seedBaseSettings(inner, 'empty');
  });
}
