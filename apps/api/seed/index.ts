import type { Db, Dialect } from '../src/db/index';
import type { SeedContext } from './context';
import { seedSettings } from './settings';
import { seedCountries } from './countries';
import { seedCatalogue } from './catalogue';
import { seedCommerce } from './commerce';
import { seedChat } from './chat';
import { seedSupport } from './support';

export type { SeedContext } from './context';
/** The demo accounts (their passwords included), for the API's tests. */
export { DEMO_CUSTOMER, DEMO_SELLERS } from './catalogue';

/** Seeds the demo data when the database has no settings yet (first start). */
export async function seedIfEmpty(db: Db, dialect: Dialect, log: SeedContext['log'], uploadsDir?: string): Promise<boolean> {
  const row = await db.selectFrom('settings').select('key').limit(1).executeTakeFirst();
  if (row) return false;
  const started = Date.now();
  const dir = uploadsDir ?? process.env.UPLOADS_DIR ?? `${process.env.DATA_DIR ?? './data'}/uploads`;
  await seedAll({ db, dialect, uploadsDir: dir, log });
  log.info(`demo data seeded in ${Date.now() - started} ms`);
  return true;
}

export async function seedAll(ctx: SeedContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const inner = { ...ctx, db: trx as unknown as Db };
    await seedCountries(inner);
    await seedCatalogue(inner);
    await seedCommerce(inner);
    await seedChat(inner);
    await seedSupport(inner);
    // Settings last: their presence marks a fully seeded database.
    await seedSettings(inner);
  });
}
