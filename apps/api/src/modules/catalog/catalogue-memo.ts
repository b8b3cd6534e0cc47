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
  /**
   * The values kept, without reading the revision: a guess that the catalogue has not changed since,
   * for a request that reads the revision with its own statement and checks it (undefined when none are
   * kept, or a flash sale started or ended since).
   */
  guess(now: string): KeptValues | undefined;
}

export interface KeptValues {
  /** The catalogue's revision the values are kept under. */
  readonly revision: number;
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * A value of each of these products (`kind` names which, e.g. their sizes and colours), kept apart from
   * the others (at most `maxPerProduct` products): the ones not kept are computed by one call of
   * `compute`, which answers a value for each id it is given.
   */
  perProduct<T>(kind: string, ids: number[], compute: (missing: number[]) => Promise<Map<number, T>>): Promise<Map<number, T>>;
}

export function createCatalogueMemo(db: Db, maxEntries = 5000, maxPerProduct = 20_000): CatalogueMemo {
  const values = createTtlCache<unknown>(Number.POSITIVE_INFINITY, maxEntries);
  const products = new Map<string, unknown>();
  /** Moves each time the kept values are dropped. */
  let generation = 0;
  const kept: KeptValues = {
    get revision() {
      return state!.revision;
    },
    get: (key, compute) => values.get(key, compute) as ReturnType<typeof compute>,
    async perProduct<T>(kind: string, ids: number[], compute: (missing: number[]) => Promise<Map<number, T>>) {
      const out = new Map<number, T>();
      const missing: number[] = [];
      for (const id of ids) {
        const key = `${kind}:${id}`;
        if (products.has(key)) out.set(id, products.get(key) as T);
        else missing.push(id);
      }
      if (!missing.length) return out;
      // Computed under the revision read before (at), as the other values.
      const computedIn = generation;
      const found = await compute(missing);
      for (const id of missing) {
        const value = found.get(id);
        if (value === undefined) continue;
        out.set(id, value);
        // Dropped meanwhile: the value may be older than the revision now kept.
        if (computedIn !== generation) continue;
        products.set(`${kind}:${id}`, value);
        if (products.size > maxPerProduct) products.delete(products.keys().next().value!);
      }
      return out;
    },
  };
  let state: { revision: number; until: string } | null = null;

  return {
    async at(now, known) {
      // Read before computing: a value is never older than the revision it is kept under.
      const revision = known ?? (await catalogueRevision(db));
      if (state && state.revision === revision && now < state.until) return kept;
      const until = (await nextFlashSaleChange(db, now)) ?? '\uffff';
      if (!state || state.revision !== revision || now >= state.until) {
        values.clear();
        products.clear();
        generation++;
        state = { revision, until };
      }
      return kept;
    },
    guess: (now) => (state && now < state.until ? kept : undefined),
  };
}
