import type { Db } from '../../db';
import { createTtlCache } from '../../shared/ttl-cache';
import { catalogueRevision, nextFlashSaleChange } from './products.repository';

/**
 * Values derived from the catalogue (the facets and the count of a category, a shop, the deals or the
 * whole catalogue; the running flash-sale prices) kept until the catalogue changes, not for a time: each
 * request reads the catalogue's revision (one indexed row, moved by triggers on every relevant write, in any process: migration 008;
 * a product list reads it with its page of ids),
 * and everything is dropped when it moved or when a flash sale starts or ends (effective prices change
 * then without a write). At most `maxEntries` values, oldest first out. Decision 015.
 */
export interface CatalogueMemo {
  /**
   * The values kept as of `now`, for one request: the revision is read once, here, unless the caller
   * read it already in a statement of its own request (`revision`, e.g. with the page of ids).
   */
  at(now: string, revision?: number): Promise<KeptValues>;
}

export interface KeptValues {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export function createCatalogueMemo(db: Db, maxEntries = 5000): CatalogueMemo {
  const values = createTtlCache<unknown>(Number.POSITIVE_INFINITY, maxEntries);
  const kept: KeptValues = { get: (key, compute) => values.get(key, compute) as ReturnType<typeof compute> };
  let state: { revision: number; until: string } | null = null;

  return {
    async at(now, known) {
      // Read before computing: a value is never older than the revision it is kept under.
      const revision = known ?? (await catalogueRevision(db));
      if (state && state.revision === revision && now < state.until) return kept;
      const until = (await nextFlashSaleChange(db, now)) ?? '\uffff';
      if (!state || state.revision !== revision || now >= state.until) {
        values.clear();
        state = { revision, until };
      }
      return kept;
    },
  };
}
