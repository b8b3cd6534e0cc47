import type { DbOrTrx } from '../../db';

/** One value of the settings table, JSON-decoded (undefined when absent or unreadable). */
export async function readSetting(db: DbOrTrx, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

export async function readSettings(db: DbOrTrx): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
}

export const listCurrencies = (db: DbOrTrx) =>
  db.selectFrom('currencies').selectAll().where('is_active', '=', 1).orderBy('sort').orderBy('id').execute();

export const listLanguages = (db: DbOrTrx) =>
  db.selectFrom('languages').selectAll().where('is_active', '=', 1).orderBy('sort').orderBy('id').execute();

export const listMenus = (db: DbOrTrx) => db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute();

export const listFooters = (db: DbOrTrx) => db.selectFrom('footers').selectAll().orderBy('sort').orderBy('id').execute();

export const listFooterItems = (db: DbOrTrx) =>
  db.selectFrom('footer_items').selectAll().orderBy('footer_id').orderBy('sort').orderBy('id').execute();

export const listSocialLinks = (db: DbOrTrx) => db.selectFrom('social_links').selectAll().orderBy('sort').orderBy('id').execute();

export const listPaymentGateways = (db: DbOrTrx) =>
  db.selectFrom('payment_gateways').selectAll().orderBy('sort').orderBy('id').execute();

export const listCountries = (db: DbOrTrx) => db.selectFrom('countries').selectAll().orderBy('sort').orderBy('name').execute();
