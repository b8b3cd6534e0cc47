import type { Db } from '../../db';
import { createTtlCache } from '../../shared/ttl-cache';
import { catalogueRevision, nextFlashSaleChange } from './products.repository';

/**
 * Values derived from the catalogue (the facets and the count of a category, a shop, the deals or the
 * whole catalogue) kept until the catalogue changes, not for a time: each use reads the catalogue's
 * revision (one indexed row, moved by triggers on every relevant write, in any process: migration 008),
 * and everything is dropped when it moved or when a flash sale starts or ends (effective prices change
 * then without a write). At most `maxEntries` values, oldest first out. Decision 015.
 */
export interface CatalogueMemo {
  get<T>(key: string, now: string, compute: () => Promise<T>): Promise<T>;
}

export function createCatalogueMemo(db: Db, maxEntries = 5000): CatalogueMemo {
  const values = createTtlCache<unknown>(Number.POSITIVE_INFINITY, maxEntries);
  let state: { revision: number; until: string } | null = null;

  async function checkCurrent(now: string) {
    // Read before computing: a value is never older than the revision it is kept under.
    const revision = await catalogueRevision(db);
    if (state && state.revision === revision && now < state.until) return;
    const until = (await nextFlashSaleChange(db, now)) ?? '\uffff';
    if (!state || state.revision !== revision || now >= state.until) {
      values.clear();
      state = { revision, until };
    }
  }

  return {
    async get<T>(key: string, now: string, compute: () => Promise<T>) {
      await checkCurrent(now);
      return values.get(key, compute) as Promise<T>;
    },
  };
}
