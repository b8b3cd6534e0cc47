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
   * A value kept like `get`, but computed again once older than `maxAgeMs` too: for what depends on
   * columns that do not move the revision (sales and ratings order the product page's related and
   * popular products; decision 047). The first request after that age starts the new computation and,
   * like the requests until it is done, takes the previous value: none waits for it.
   */
  recent<T>(key: string, maxAgeMs: number, compute: () => Promise<T>): Promise<T>;
  /**
   * A value of each of these products (`kind` names which, e.g. their sizes and colours), kept apart from
   * the others (at most `maxPerProduct` products): the ones not kept are computed by one call of
   * `compute`, which answers a value for each id it is given.
   */
  perProduct<T>(kind: string, ids: number[], compute: (missing: number[]) => Promise<Map<number, T>>): Promise<Map<number, T>>;
  /**
   * One product's large value (`kind`, e.g. its page's texts and pictures in one language), kept in a
   * store of its own of at most `maxLarge` values, the least recently used first out; `compute` answers
   * undefined for a product that has none (not kept).
   */
  large<T>(kind: string, id: number, compute: () => Promise<T | undefined>): Promise<T | undefined>;
}

export function createCatalogueMemo(db: Db, maxEntries = 5000, maxPerProduct = 20_000, maxLarge = 4000): CatalogueMemo {
  const values = createTtlCache<unknown>(Number.POSITIVE_INFINITY, maxEntries);
  const timed = new Map<string, { at: number; value: Promise<unknown>; settled: boolean; refreshing: boolean }>();
  const products = new Map<string, unknown>();
  const large = new Map<string, unknown>();
  /** Moves each time the kept values are dropped. */
  let generation = 0;
  const kept: KeptValues = {
    get revision() {
      return state!.revision;
    },
    get: (key, compute) => values.get(key, compute) as ReturnType<typeof compute>,
    recent<T>(key: string, maxAgeMs: number, compute: () => Promise<T>) {
      const now = Date.now();
      const hit = timed.get(key);
      if (hit && (now - hit.at < maxAgeMs || hit.refreshing)) return hit.value as Promise<T>;
      const computedIn = generation;
      if (hit?.settled) {
        // Too old: computed again in the background while this answer (and those meanwhile) take the
        // previous value, so that no answer waits for it.
        hit.refreshing = true;
        compute().then(
          (value) => {
            if (computedIn === generation && timed.get(key) === hit)
              timed.set(key, { at: Date.now(), value: Promise.resolve(value), settled: true, refreshing: false });
          },
          () => {
            hit.refreshing = false;
          },
        );
        return hit.value as Promise<T>;
      }
      const entry = { at: now, value: compute() as Promise<unknown>, settled: false, refreshing: false };
      timed.delete(key);
      timed.set(key, entry);
      if (timed.size > maxEntries) timed.delete(timed.keys().next().value!);
      // A failure is not remembered; nor a value computed while the values were dropped.
      const forget = () => {
        if (timed.get(key) === entry) timed.delete(key);
      };
      entry.value.then(() => {
        entry.settled = true;
        if (computedIn !== generation) forget();
      }, forget);
      return entry.value as Promise<T>;
    },
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
    async large<T>(kind: string, id: number, compute: () => Promise<T | undefined>) {
      const key = `${kind}:${id}`;
      const hit = large.get(key);
      if (hit !== undefined) {
        // Least recently used first out: a hit moves to the end.
        large.delete(key);
        large.set(key, hit);
        return hit as T;
      }
      const computedIn = generation;
      const value = await compute();
      if (value === undefined || computedIn !== generation) return value;
      large.set(key, value);
      if (large.size > maxLarge) large.delete(large.keys().next().value!);
      return value;
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
        timed.clear();
        products.clear();
        large.clear();
        generation++;
        state = { revision, until };
      }
      return kept;
    },
    guess: (now) => (state && now < state.until ? kept : undefined),
  };
}
