import { Worker } from 'node:worker_threads';
import type { DbOrTrx } from '../../db';
import type { AppConfig } from '../../config';
import { withoutArticle } from '../../shared/search-text';
import type { FacetRows, ProductListFilter, ProductSort } from './products.repository';
import {
  applyChanges,
  readCatalogue,
  readOverlay,
  type Dictionaries,
  type IndexData,
  type OverlayData,
  type OverlayProduct,
  type Slots,
} from './search-index-data';

/**
 * The catalogue's words in memory (issue 14, decision 027).
 *
 * A search over a large catalogue matches a word in thousands of products, and its count, facets and
 * ranking need every one of them: in SQL each of those is a statement that evaluates the match again (eight
 * a search, 78 ms of CPU on 100,000 products). This index holds what a search needs of every product —
 * its words with their weighted frequencies, shop, category, sub-category, brand, colours, sizes, prices
 * and creation time — in typed arrays, built from the database at a catalogue revision (migration 008;
 * every write to those columns moves it) and used only while the revision read by a request is the one it
 * was built at. A search then matches, counts, computes the facets and picks its page in memory, and reads
 * only the page's cards from the database.
 *
 * Matching is FTS5's (SQLite, migration 004) on both dialects: every query word as a prefix of an indexed
 * word (Arabic words also without their article), every word needed; ranking is FTS5's BM25 with the name
 * weighing 10 and the other text 1, the formula SQLite evaluates for `bm25(products_fts, 10.0, 1.0)`
 * (sqlite.org/fts5.html, "The bm25() function"), so that both dialects rank a search alike.
 *
 * Rating and sales are not in the index (they change with every review and order without moving the
 * revision): a search filtered by rating or sorted by popularity or sales takes only its facets from here.
 */

/** A search answered by the index: a page of product ids, the refined count and the unrefined facets. */
export interface IndexedSearch {
  ids: number[];
  total: number;
  facets: FacetRows;
  /** The sort's key of each product of the page (BM25 score, creation time or effective price). */
  keys: number[];
}

/** A list without search words answered by the index: a page of product ids and the refined count. */
export interface IndexedList {
  ids: number[];
  total: number;
}

/** Context lists (list()) kept per index: beyond this many, the oldest is dropped. */
const CONTEXT_LISTS = 256;

/** Sorts the index can order by (the others need rating or sales). */
export const INDEX_SORTS: ReadonlySet<ProductSort> = new Set(['default', 'newest', 'low_to_high', 'high_to_low']);

const K1 = 1.2;
const B = 0.75;

/** Ids seen in one search, by id (ids not in the dictionary start as seen, so they are never counted). */
class SeenIds {
  private readonly start: Uint8Array;
  readonly seen: Uint8Array;
  left = 0;
  constructor(private readonly ids: number[]) {
    const size = Math.max(0, ...ids) + 1;
    this.start = new Uint8Array(size).fill(1);
    for (const id of ids) this.start[id] = 0;
    this.seen = new Uint8Array(size);
  }
  reset() {
    this.seen.set(this.start);
    this.left = this.ids.length;
  }
}

/**
 * An overlay's products as one search matches them (decision 048): per product, the current term's mark,
 * how many terms it matched, its score, and the phrase's frequency in it.
 */
interface OverlayMatch {
  mark: Int32Array;
  count: Uint8Array;
  score: Float64Array;
  freq: Float64Array;
  /** The products a phrase is found in. */
  inPhrase: Int32Array;
}

/** An overlay's words, sorted, and for each its postings: product (index into the overlay) and weighted frequency. */
interface OverlayWords {
  words: string[];
  postings: Array<Array<{ k: number; f: number }>>;
}

function overlayWords(products: OverlayProduct[]): OverlayWords {
  const byWord = new Map<string, Array<{ k: number; f: number }>>();
  for (const [k, p] of products.entries()) {
    for (const [j, word] of p.words.entries()) {
      const list = byWord.get(word);
      if (list) list.push({ k, f: p.freqs[j]! });
      else byWord.set(word, [{ k, f: p.freqs[j]! }]);
    }
  }
  const words = [...byWord.keys()].sort();
  return { words, postings: words.map((w) => byWord.get(w)!) };
}

/**
 * The scratch space of one search, by the arrays searched (their ids): indexes over the same arrays (an
 * index and its overlays) share it, as searches run one at a time (search() never awaits) and leave it
 * clean (release()).
 */
interface Scratch {
  freq: Float64Array;
  score: Float64Array;
  termMark: Int32Array;
  termCount: Uint8Array;
  touched: Int32Array;
  inPhrase: Int32Array;
  hits: Int32Array;
  marks: { stamp: number };
}
const scratchOf = new WeakMap<Int32Array, Scratch>();

/** The tokens of all slots, by the arrays (their ids). */
const tokensOf = new WeakMap<Int32Array, number>();

export class SearchIndex {
  private readonly s: Slots;
  private readonly dict: Dictionaries;
  /** Products in the catalogue (slots, less those hidden, plus the overlay's): BM25's N. */
  private readonly n: number;
  /** FTS5's `k1 * (1 - b + b * D / avgdl)` of each slot. */
  private readonly lengthNorm: Float64Array;
  /**
   * Products changed since the arrays were read, held beside them (decision 048): their slots are
   * hidden (`hidden`, ascending; `hiddenMask` by slot), and the products as they are now are matched
   * one by one (`overlay`, with its own length norms).
   */
  private readonly overlay: OverlayProduct[] = [];
  private readonly overlayNorm: Float64Array = new Float64Array(0);
  private readonly hidden: Int32Array = new Int32Array(0);
  private readonly hiddenMask: Uint8Array | undefined;
  private readonly overlayMatch: OverlayMatch | undefined;
  private readonly overlayWords: OverlayWords = { words: [], postings: [] };
  private readonly brandsSeen: SeenIds;
  private readonly colorsSeen: SeenIds;
  private readonly sizesSeen: SeenIds;
  // Scratch space of one search (searches run one at a time: search() never awaits).
  private readonly freq: Float64Array;
  private readonly score: Float64Array;
  private readonly termMark: Int32Array;
  private readonly termCount: Uint8Array;
  private readonly touched: Int32Array;
  private readonly inPhrase: Int32Array;
  private readonly hits: Int32Array;
  /** The term marks' stamp (shared with the scratch space). */
  private readonly marks: { stamp: number };
  private effective: { from: Map<number, number>; eff: Float64Array; overlay: Float64Array } | undefined;
  /** A context's listable slots in a sort's order (list()), for the effective prices `contextsEff`. */
  private readonly contexts = new Map<string, Int32Array>();
  private contextsEff: Float64Array | undefined;

  constructor(
    readonly revision: number,
    /** The arrays (kept to apply the next changes to; an overlaid index's are those under its overlay). */
    readonly data: IndexData,
    /** Products changed since `data` was read, as they are now (decision 048). */
    changes?: OverlayData,
  ) {
    const { slots } = data;
    const dict = changes?.dict ?? data.dict;
    this.dict = dict;
    const n = slots.ids.length;
    let total = tokensOf.get(slots.ids);
    if (total === undefined) {
      total = 0;
      for (let i = 0; i < n; i++) total += slots.length[i]!;
      tokensOf.set(slots.ids, total);
    }
    let products = n;
    if (changes) {
      // Hide the changed products' slots, and every slot's listability as the shops are now.
      const hidden: number[] = [];
      for (const id of changes.changed) {
        const slot = slotIn(slots.ids, id);
        if (slot >= 0) hidden.push(slot);
      }
      this.hidden = Int32Array.from(hidden);
      const mask = new Uint8Array(n);
      for (const slot of hidden) {
        mask[slot] = 1;
        total -= slots.length[slot]!;
      }
      this.hiddenMask = mask;
      let lastShop = 0;
      for (const shop of changes.shopActive.keys()) lastShop = Math.max(lastShop, shop);
      const shopOn = new Uint8Array(lastShop + 1);
      for (const [shop, on] of changes.shopActive) shopOn[shop] = on ? 1 : 0;
      this.s = { ...slots, listable: listableOf(slots, shopOn, mask) };
      this.overlay = changes.products;
      for (const p of this.overlay) total += p.length;
      products = n - hidden.length + this.overlay.length;
      const m = this.overlay.length;
      this.overlayMatch = {
        mark: new Int32Array(m),
        count: new Uint8Array(m),
        score: new Float64Array(m),
        freq: new Float64Array(m),
        inPhrase: new Int32Array(m),
      };
      this.overlayWords = overlayWords(this.overlay);
    } else {
      this.s = slots;
    }
    this.n = products;
    // The statistics of the catalogue as it is now: those a full read gives, computed the same way.
    const avgdl = products ? total / products : 1;
    this.lengthNorm = lengthNorms(slots.length, avgdl);
    this.overlayNorm = Float64Array.from(this.overlay, (p) => K1 * (1 - B + (B * p.length) / avgdl));
    this.brandsSeen = new SeenIds(dict.brands.map((b) => b.id));
    this.colorsSeen = new SeenIds(dict.colors.map((c) => c.id));
    this.sizesSeen = new SeenIds(dict.sizes.map((z) => z.id));
    // The scratch space is that of every index over the same arrays (overlays: decision 048).
    let scratch = scratchOf.get(slots.ids);
    if (!scratch) {
      scratch = {
        freq: new Float64Array(n),
        score: new Float64Array(n),
        termMark: new Int32Array(n),
        termCount: new Uint8Array(n),
        touched: new Int32Array(n),
        inPhrase: new Int32Array(n),
        hits: new Int32Array(n),
        marks: { stamp: 0 },
      };
      scratchOf.set(slots.ids, scratch);
    }
    ({
      freq: this.freq,
      score: this.score,
      termMark: this.termMark,
      termCount: this.termCount,
      touched: this.touched,
      inPhrase: this.inPhrase,
      hits: this.hits,
      marks: this.marks,
    } = scratch);
  }

  /** Products in the catalogue it holds. */
  get size(): number {
    return this.n;
  }

  /**
   * Whether it holds changed products beside its arrays (decision 048): it then answers searches, and
   * leaves lists without search words (list()) to SQL, as while an index is read.
   */
  get overlaid(): boolean {
    return this.hiddenMask !== undefined;
  }

  /**
   * Each slot's effective price: its running flash-sale price when lower than its list price. Kept for
   * the last map of prices given (the catalogue memo keeps one until a sale starts or ends).
   */
  effectivePrices(flashPrices: Map<number, number>): Float64Array {
    if (this.effective?.from === flashPrices) return this.effective.eff;
    const eff = Float64Array.from(this.s.listPrice);
    for (const [id, price] of flashPrices) {
      const slot = this.slotOf(id);
      if (slot >= 0 && price < eff[slot]!) eff[slot] = price;
    }
    const overlay = Float64Array.from(this.overlay, (p) => {
      const sale = flashPrices.get(p.id);
      return sale !== undefined && sale < p.listPrice ? sale : p.listPrice;
    });
    this.effective = { from: flashPrices, eff, overlay };
    return eff;
  }

  /**
   * Matches, counts, facets and (for a sort of INDEX_SORTS) a page. The rating filter is not applied
   * (the caller counts in SQL then). `eff`: effectivePrices() under the request's running flash sales.
   */
  search(f: ProductListFilter, sort: ProductSort | null, limit: number, offset: number, eff: Float64Array): IndexedSearch {
    const { list: touched, count: touchedCount, need } = this.match(f.terms);
    const { termCount, hits } = this;
    const brands = this.brandsSeen;
    const colors = this.colorsSeen;
    const sizes = this.sizesSeen;
    brands.reset();
    colors.reset();
    sizes.reset();
    const scanned = scan(this.s, { touched, touchedCount, termCount, need, hits, eff }, f, { brands, colors, sizes });
    const { count } = scanned;
    let { min, max } = scanned;
    // The overlay's products matched (indexes into `overlay`), as scan() takes slots.
    const extra: number[] = [];
    let overlayEff: Float64Array | undefined;
    const om = this.overlayMatch;
    if (om && f.terms.length) {
      if (this.effective?.eff !== eff) throw new Error("search(): eff must come from this index's effectivePrices()");
      overlayEff = this.effective.overlay;
      const c = criteriaOf(f);
      for (let k = 0; k < this.overlay.length; k++) {
        const p = this.overlay[k]!;
        if (om.count[k] !== f.terms.length || !p.listable) continue;
        const e = overlayEff[k]!;
        if (!overlayInContext(p, c, e)) continue;
        if (brands.seen[p.brand] === 0) brands.seen[p.brand] = 1;
        for (const x of p.colors) if (colors.seen[x] === 0) colors.seen[x] = 1;
        for (const x of p.sizes) if (sizes.seen[x] === 0) sizes.seen[x] = 1;
        if (e < min) min = e;
        if (e > max) max = e;
        if (c.refined && !overlayPasses(p, c, e)) continue;
        extra.push(k);
      }
    }
    const facets: FacetRows = {
      brands: this.dict.brands.filter((x) => brands.seen[x.id] === 1).slice(0, 100),
      colors: this.dict.colors.filter((x) => colors.seen[x.id] === 1).slice(0, 100),
      sizes: this.dict.sizes.filter((x) => sizes.seen[x.id] === 1).slice(0, 100),
      minPrice: Number.isFinite(min) ? min : 0,
      maxPrice: Number.isFinite(max) ? max : 0,
    };
    let page: number[] = [];
    let keys: number[] = [];
    if (sort && INDEX_SORTS.has(sort)) {
      const [key, descending] =
        sort === 'newest'
          ? [this.s.created, true]
          : sort === 'low_to_high'
            ? [eff, false]
            : sort === 'high_to_low'
              ? [eff, true]
              : [this.score, true];
      page = topK(hits, count, offset + limit, key, this.s.ids, descending);
      if (extra.length) {
        // The overlay's matches among the first of the slots', in the same order (key, then id).
        const overlayKey =
          sort === 'newest'
            ? (k: number) => this.overlay[k]!.created
            : sort === 'default'
              ? (k: number) => om!.score[k]!
              : (k: number) => overlayEff![k]!;
        const merged = [
          ...page.map((slot) => ({ key: key[slot]!, id: this.s.ids[slot]! })),
          ...extra.map((k) => ({ key: overlayKey(k), id: this.overlay[k]!.id })),
        ];
        const sign = descending ? 1 : -1;
        merged.sort((a, b) => {
          const d = (a.key - b.key) * sign;
          return d > 0 || (d === 0 && (a.id - b.id) * sign > 0) ? -1 : 1;
        });
        this.release(touched, touchedCount, need !== 0);
        const shown = merged.slice(offset, offset + limit);
        return { ids: shown.map((x) => x.id), total: count + extra.length, facets, keys: shown.map((x) => x.key) };
      }
      page = page.slice(offset);
      keys = page.map((slot) => key[slot]!);
    }
    this.release(touched, touchedCount, need !== 0);
    return { ids: page.map((slot) => this.s.ids[slot]!), total: count + extra.length, facets, keys };
  }

  /**
   * A list without search words (everything, a shop, a category or sub-category, the deals; refined by
   * brand, colour, size and price; a sort of INDEX_SORTS): its page and refined count. The context's
   * listable slots in the sort's order are kept (per index and effective prices), so an unrefined page
   * is a slice of them and a refined one a walk along them — instead of a statement that sorts the
   * context every time. Orders as the SQL does: by id, creation time or effective price, ties by id.
   */
  list(f: ProductListFilter, sort: ProductSort, limit: number, offset: number, eff: Float64Array): IndexedList {
    if (this.overlaid) throw new Error('list(): an overlaid index leaves lists to SQL');
    const c = criteriaOf(f);
    let ordered = this.contextList(f, c, sort, eff);
    let count = ordered.length;
    if (c.refined) {
      count = refine(this.s, ordered, c, eff, this.hits);
      ordered = this.hits;
    }
    const ids: number[] = [];
    for (let i = offset; i < Math.min(count, offset + limit); i++) ids.push(this.s.ids[ordered[i]!]!);
    return { ids, total: count };
  }

  private contextList(f: ProductListFilter, c: Criteria, sort: ProductSort, eff: Float64Array): Int32Array {
    if (this.contextsEff !== eff) {
      // Deals and price orders follow the effective prices: lists of other prices are of no more use.
      this.contexts.clear();
      this.contextsEff = eff;
    }
    const key = `${f.shopId ?? 0}:${f.categoryId ?? 0}:${f.subCategoryId ?? 0}:${f.deals === true ? 1 : 0}:${sort}`;
    let list = this.contexts.get(key);
    if (list) return list;
    list = inContext(this.s, c, eff, this.hits);
    const { ids, created } = this.s;
    // Slots are in ascending id order: the default order (id descending) is the reverse.
    if (sort === 'newest') list.sort((a, b) => created[b]! - created[a]! || ids[b]! - ids[a]!);
    else if (sort === 'low_to_high') list.sort((a, b) => eff[a]! - eff[b]! || ids[a]! - ids[b]!);
    else if (sort === 'high_to_low') list.sort((a, b) => eff[b]! - eff[a]! || ids[b]! - ids[a]!);
    else list.reverse();
    if (this.contexts.size >= CONTEXT_LISTS) this.contexts.delete(this.contexts.keys().next().value!);
    this.contexts.set(key, list);
    return list;
  }

  /** The slot of a product id, -1 when not indexed. */
  private slotOf(id: number): number {
    return slotIn(this.s.ids, id);
  }

  /**
   * Finds the slots where some term matches, in `touched` (their count is answered): `termCount` says
   * how many terms each matched, `score` holds its BM25 score, until release(). A term matches when one
   * of its phrases does: the word, or an Arabic word without its article, each a prefix of indexed words.
   */
  private match(terms: string[]): { list: Int32Array; count: number; need: number } {
    const { words, postStart, postSlot, postFreq } = this.s;
    // (Not with an overlay: its hidden slots are in the postings, and its products are matched apart.)
    if (terms.length === 1 && !withoutArticle(terms[0]!) && !this.overlayMatch) {
      // One word that is the prefix of one indexed word (the usual search): its postings are the matches.
      const first = lowerBound(words, terms[0]!);
      if (first < words.length && words[first]!.startsWith(terms[0]!) && !words[first + 1]?.startsWith(terms[0]!)) {
        const from = postStart[first]!;
        const to = postStart[first + 1]!;
        scoreWord(postSlot, postFreq, from, to, this.idf(to - from), this.lengthNorm, this.score);
        // need 0: every slot of the list matched every term.
        return { list: postSlot.subarray(from, to), count: to - from, need: 0 };
      }
    }
    let touchedCount = 0;
    for (const term of terms) {
      if (this.marks.stamp === 0x7fffffff) {
        // termMark is 32-bit: start the marks again (after two billion search words).
        this.termMark.fill(0);
        this.marks.stamp = 0;
      }
      const mark = ++this.marks.stamp;
      const stem = withoutArticle(term);
      touchedCount = this.addPhrase(term, mark, touchedCount);
      if (stem) touchedCount = this.addPhrase(stem, mark, touchedCount);
    }
    return { list: this.touched, count: touchedCount, need: terms.length };
  }

  /** FTS5's inverse document frequency of a phrase found in `hits` of the products. */
  private idf(hits: number): number {
    const n = this.n;
    const idf = Math.log((n - hits + 0.5) / (hits + 0.5));
    return idf <= 0 ? 1e-6 : idf;
  }

  private addPhrase(phrase: string, mark: number, touchedCount: number): number {
    const { freq, score, termMark, termCount, touched, inPhrase, lengthNorm } = this;
    const { words, postStart, postSlot, postFreq } = this.s;
    const first = lowerBound(words, phrase);
    let last = first;
    while (last < words.length && words[last]!.startsWith(phrase)) last++;
    // The overlay's products the phrase is found in, and its frequency in each, from the overlay's words.
    const om = this.overlayMatch;
    let overlayHits = 0;
    if (om) {
      const ow = this.overlayWords;
      for (let w = lowerBound(ow.words, phrase); w < ow.words.length && ow.words[w]!.startsWith(phrase); w++) {
        for (const { k, f } of ow.postings[w]!) {
          if (om.freq[k] === 0) om.inPhrase[overlayHits++] = k;
          om.freq[k] = om.freq[k]! + f;
        }
      }
    }
    if (last === first && overlayHits === 0) return touchedCount;
    // The phrase's frequency in each slot, summed over the words it is a prefix of.
    let hitCount = 0;
    const single = last === first + 1;
    if (single) {
      hitCount = postStart[first + 1]! - postStart[first]!;
    } else {
      for (let w = first; w < last; w++) {
        for (let i = postStart[w]!; i < postStart[w + 1]!; i++) {
          const slot = postSlot[i]!;
          if (freq[slot] === 0) inPhrase[hitCount++] = slot;
          freq[slot] = freq[slot]! + postFreq[i]!;
        }
      }
    }
    // Hidden slots (changed products, decision 048) are not counted: the catalogue's products are.
    let hiddenHits = 0;
    if (this.hiddenMask) {
      if (single) {
        for (const slot of this.hidden) if (sortedHas(postSlot, postStart[first]!, postStart[first + 1]!, slot)) hiddenHits++;
      } else {
        for (let i = 0; i < hitCount; i++) hiddenHits += this.hiddenMask[inPhrase[i]!]!;
      }
    }
    const idf = this.idf(hitCount - hiddenHits + overlayHits);
    if (om) {
      for (let i = 0; i < overlayHits; i++) {
        const k = om.inPhrase[i]!;
        const f = om.freq[k]!;
        om.freq[k] = 0;
        // The same expression as the slots' below.
        om.score[k] = om.score[k]! + idf * ((f * (K1 + 1.0)) / (f + this.overlayNorm[k]!));
        if (om.mark[k] !== mark) {
          om.mark[k] = mark;
          om.count[k] = om.count[k]! + 1;
        }
      }
    }
    const from = single ? postStart[first]! : 0;
    const to = single ? postStart[first + 1]! : hitCount;
    for (let i = from; i < to; i++) {
      let slot: number;
      let f: number;
      if (single) {
        slot = postSlot[i]!;
        f = postFreq[i]!;
      } else {
        slot = inPhrase[i]!;
        f = freq[slot]!;
        freq[slot] = 0;
      }
      // FTS5's expression, in its order of operations (the same figures as SQLite's bm25()).
      score[slot] = score[slot]! + idf * ((f * (K1 + 1.0)) / (f + lengthNorm[slot]!));
      if (termMark[slot] !== mark) {
        termMark[slot] = mark;
        if (termCount[slot] === 0) touched[touchedCount++] = slot;
        termCount[slot] = termCount[slot]! + 1;
      }
    }
    return touchedCount;
  }

  /** Clears the scratch space of the last match (a search matching much of the catalogue clears it all). */
  private release(touched: Int32Array, touchedCount: number, counted: boolean) {
    const { score, termCount } = this;
    if (this.overlayMatch) {
      this.overlayMatch.score.fill(0);
      this.overlayMatch.count.fill(0);
      this.overlayMatch.mark.fill(0);
    }
    if (touchedCount > score.length >> 4) {
      score.fill(0);
      if (counted) termCount.fill(0);
      return;
    }
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i]!;
      score[slot] = 0;
      termCount[slot] = 0;
    }
  }
}

/** FTS5's `k1 * (1 - b + b * D / avgdl)` of each slot (loops of their own, optimised as functions are). */
function lengthNorms(length: Int32Array, avgdl: number): Float64Array {
  const norm = new Float64Array(length.length);
  for (let i = 0; i < length.length; i++) norm[i] = K1 * (1 - B + (B * length[i]!) / avgdl);
  return norm;
}

/** Whether each slot is listed: active, its shop too (`shopOn` by shop id), not hidden (`hidden` by slot). */
function listableOf(s: Slots, shopOn: Uint8Array, hidden: Uint8Array): Uint8Array {
  const { active, shop } = s;
  const listable = new Uint8Array(active.length);
  for (let slot = 0; slot < active.length; slot++)
    listable[slot] = active[slot]! & (shopOn[shop[slot]!] ?? 0) & (hidden[slot]! ^ 1);
  return listable;
}

/** The BM25 scores of one word's postings (a function of its own: see scan). */
function scoreWord(
  postSlot: Int32Array,
  postFreq: Uint32Array,
  from: number,
  to: number,
  idf: number,
  lengthNorm: Float64Array,
  score: Float64Array,
) {
  for (let i = from; i < to; i++) {
    const slot = postSlot[i]!;
    const f = postFreq[i]!;
    // FTS5's expression, in its order of operations (the same figures as SQLite's bm25()).
    score[slot] = idf * ((f * (K1 + 1.0)) / (f + lengthNorm[slot]!));
  }
}

/**
 * The matched slots in the filter's context: marks their brands, colours and sizes (until every one is
 * seen) and their price range, and writes those the refinements keep into `hits` (answered: how many). A function of its own so that V8 optimises it whole (as a loop inside search() it was
 * optimised on stack, deoptimised at the code after it, and ran ten times slower).
 */
function scan(
  s: Slots,
  m: {
    touched: Int32Array;
    touchedCount: number;
    termCount: Uint8Array;
    need: number;
    hits: Int32Array;
    eff: Float64Array;
  },
  f: ProductListFilter,
  seen: { brands: SeenIds; colors: SeenIds; sizes: SeenIds },
): { count: number; min: number; max: number } {
  const { listable, brand, colorStart, colorIds, sizeStart, sizeIds } = s;
  const { touched, touchedCount, termCount, need, hits, eff } = m;
  const c = criteriaOf(f);
  const brandSeen = seen.brands.seen;
  const colorSeen = seen.colors.seen;
  const sizeSeen = seen.sizes.seen;
  let brandsLeft = seen.brands.left;
  let colorsLeft = seen.colors.left;
  let sizesLeft = seen.sizes.left;
  let min = Infinity;
  let max = -Infinity;
  let count = 0;
  for (let i = 0; i < touchedCount; i++) {
    const slot = touched[i]!;
    if ((need !== 0 && termCount[slot] !== need) || listable[slot] === 0) continue;
    const e = eff[slot]!;
    if (!inContextOf(s, c, slot, e)) continue;
    // In the facets' context; the refinements below.
    const b = brand[slot]!;
    if (brandsLeft !== 0 && brandSeen[b] === 0) {
      brandSeen[b] = 1;
      brandsLeft--;
    }
    if (colorsLeft !== 0)
      for (let j = colorStart[slot]!; j < colorStart[slot + 1]!; j++)
        if (colorSeen[colorIds[j]!] === 0) {
          colorSeen[colorIds[j]!] = 1;
          colorsLeft--;
        }
    if (sizesLeft !== 0)
      for (let j = sizeStart[slot]!; j < sizeStart[slot + 1]!; j++)
        if (sizeSeen[sizeIds[j]!] === 0) {
          sizeSeen[sizeIds[j]!] = 1;
          sizesLeft--;
        }
    if (e < min) min = e;
    if (e > max) max = e;
    if (c.refined && !passes(s, c, slot, e)) continue;
    hits[count++] = slot;
  }
  return { count, min, max };
}

/** A filter's context and refinements, as the loops below test them. */
interface Criteria {
  shopId: number;
  categoryId: number;
  subCategoryId: number;
  deals: boolean;
  refined: boolean;
  minPrice: number;
  maxPrice: number;
  brandWanted: Set<number> | null;
  colorWanted: Set<number> | null;
  sizeWanted: Set<number> | null;
}

function criteriaOf(f: ProductListFilter): Criteria {
  const c = {
    shopId: f.shopId ?? 0,
    categoryId: f.categoryId ?? 0,
    subCategoryId: f.subCategoryId ?? 0,
    deals: f.deals === true,
    refined: false,
    minPrice: f.minPrice ?? -Infinity,
    maxPrice: f.maxPrice ?? Infinity,
    brandWanted: f.brandIds?.length ? new Set(f.brandIds) : null,
    colorWanted: f.colorIds?.length ? new Set(f.colorIds) : null,
    sizeWanted: f.sizeIds?.length ? new Set(f.sizeIds) : null,
  };
  c.refined = !!(c.brandWanted || c.colorWanted || c.sizeWanted) || f.minPrice !== undefined || f.maxPrice !== undefined;
  return c;
}

/** Whether a slot is in the context (shop, category, sub-category, deals); `e`: its effective price. */
function inContextOf(s: Slots, c: Criteria, slot: number, e: number): boolean {
  return (
    (c.shopId === 0 || s.shop[slot] === c.shopId) &&
    (c.categoryId === 0 || s.category[slot] === c.categoryId) &&
    (c.subCategoryId === 0 || s.subCategory[slot] === c.subCategoryId) &&
    (!c.deals || e < s.price[slot]!)
  );
}

/** inContextOf() of an overlay's product. */
function overlayInContext(p: OverlayProduct, c: Criteria, e: number): boolean {
  return (
    (c.shopId === 0 || p.shop === c.shopId) &&
    (c.categoryId === 0 || p.category === c.categoryId) &&
    (c.subCategoryId === 0 || p.subCategory === c.subCategoryId) &&
    (!c.deals || e < p.price)
  );
}

/** passes() of an overlay's product. */
function overlayPasses(p: OverlayProduct, c: Criteria, e: number): boolean {
  if (e < c.minPrice || e > c.maxPrice) return false;
  if (c.brandWanted !== null && !c.brandWanted.has(p.brand)) return false;
  if (c.colorWanted !== null && !p.colors.some((x) => c.colorWanted!.has(x))) return false;
  return c.sizeWanted === null || p.sizes.some((x) => c.sizeWanted!.has(x));
}

/** The slot of a product id in an index's ids (ascending), -1 when not there. */
function slotIn(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = ids[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Whether sorted[from .. to) holds value. */
function sortedHas(sorted: Int32Array, from: number, to: number, value: number): boolean {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Whether a slot passes the refinements (brand, colour, size, price); `e`: its effective price. */
function passes(s: Slots, c: Criteria, slot: number, e: number): boolean {
  if (e < c.minPrice || e > c.maxPrice) return false;
  if (c.brandWanted !== null && !c.brandWanted.has(s.brand[slot]!)) return false;
  if (c.colorWanted !== null && !anyOf(s.colorIds, s.colorStart[slot]!, s.colorStart[slot + 1]!, c.colorWanted)) return false;
  return c.sizeWanted === null || anyOf(s.sizeIds, s.sizeStart[slot]!, s.sizeStart[slot + 1]!, c.sizeWanted);
}

/** The listable slots in a list's context, ascending; `scratch` as big as the slots. */
function inContext(s: Slots, c: Criteria, eff: Float64Array, scratch: Int32Array): Int32Array {
  const { listable } = s;
  let count = 0;
  for (let slot = 0; slot < listable.length; slot++) {
    if (listable[slot] !== 0 && inContextOf(s, c, slot, eff[slot]!)) scratch[count++] = slot;
  }
  return scratch.slice(0, count);
}

/** The slots of `ordered` (in its order) that the refinements keep, in `out` (as big as the slots). */
function refine(s: Slots, ordered: Int32Array, c: Criteria, eff: Float64Array, out: Int32Array): number {
  let count = 0;
  for (let i = 0; i < ordered.length; i++) {
    const slot = ordered[i]!;
    if (passes(s, c, slot, eff[slot]!)) out[count++] = slot;
  }
  return count;
}

function anyOf(values: Int32Array, from: number, to: number, wanted: Set<number>): boolean {
  for (let i = from; i < to; i++) if (wanted.has(values[i]!)) return true;
  return false;
}

/**
 * The first `k` of `items[0 .. count)` by `key` (descending or ascending), ties by product id the same
 * way, as the SQL sorts break them; in that order. A bounded heap whose root is the last one kept.
 */
export function topK(
  items: Int32Array,
  count: number,
  k: number,
  key: Float64Array,
  ids: Int32Array,
  descending: boolean,
): number[] {
  if (k <= 0) return [];
  const sign = descending ? 1 : -1;
  const heap: number[] = [];
  for (let n = 0; n < count; n++) {
    const item = items[n]!;
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!comesBefore(key, ids, sign, heap[parent]!, heap[i]!)) break;
        const t = heap[parent]!;
        heap[parent] = heap[i]!;
        heap[i] = t;
        i = parent;
      }
    } else if (key[item]! * sign >= key[heap[0]!]! * sign && comesBefore(key, ids, sign, item, heap[0]!)) {
      // (The first test turns most of a large match away at the cost of two reads.)
      heap[0] = item;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let last = i;
        if (l < heap.length && comesBefore(key, ids, sign, heap[last]!, heap[l]!)) last = l;
        if (r < heap.length && comesBefore(key, ids, sign, heap[last]!, heap[r]!)) last = r;
        if (last === i) break;
        const t = heap[last]!;
        heap[last] = heap[i]!;
        heap[i] = t;
        i = last;
      }
    }
  }
  return heap.sort((a, b) => (comesBefore(key, ids, sign, a, b) ? -1 : 1));
}

/** Whether slot a comes before slot b: by key, then by product id, both descending (sign 1) or ascending (-1). */
function comesBefore(key: Float64Array, ids: Int32Array, sign: number, a: number, b: number): boolean {
  const d = (key[a]! - key[b]!) * sign;
  return d > 0 || (d === 0 && (ids[a]! - ids[b]!) * sign > 0);
}

/** The first index of a sorted array whose value is not below `value`. */
function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** An index of the catalogue as it is now, read in this thread (tests, tools). */
export async function buildSearchIndex(db: DbOrTrx, revision: number): Promise<SearchIndex> {
  return new SearchIndex(revision, await readCatalogue(db));
}

/**
 * Keeps one index per process, current with the catalogue. `at(revision)` answers the index to search at
 * that revision:
 * - a catalogue of up to `inlineUpTo` products is read in the server's thread while the request waits
 *   (a few milliseconds), so every search sees every change at once;
 * - a larger one is read by a worker thread (seconds for 100,000 products; search-index-worker.ts) while
 *   the server goes on. Until the first index is ready, searches go to SQL (`at` answers undefined); after
 *   a change, the request that sees it reads the changed products (a few rows) and searches use the last
 *   index read with them as an overlay (decision 048: the answers a full read would give), until the
 *   next index, read `rebuildAfterMs` later with the changes applied in the worker, replaces both. With
 *   more than `overlayUpTo` changes, the previous index answers until the next is read (its counts and
 *   facets a few seconds old; the page's cards are read as they are now).
 * `warm()` starts reading without a request (at start-up, and `GET /api/ready`); `settled()` waits for the
 * reading under way.
 */
export interface SearchIndexKeeper {
  at(revision: number): Promise<SearchIndex | undefined>;
  /** Starts reading (a small catalogue: and waits for it). */
  warm(revision: number): Promise<void>;
  /** Whether an index has been read (searches use it). */
  ready(): boolean;
  settled(): Promise<void>;
  /** How the last index was read: the whole catalogue, or the changes to the one before. */
  lastRead(): 'all' | 'changes' | undefined;
}

/** More changed products than this: the whole catalogue is read again. */
const MAX_CHANGES = 5000;
/** Change rows are kept this long; an index whose changes were last read earlier than half of it reads all. */
const CHANGES_KEPT_MS = 24 * 3600_000;
/** A transaction that started this long before an index's read and committed after it is still seen. */
const LATE_COMMIT_MS = 60_000;

export function createSearchIndexKeeper(
  db: DbOrTrx,
  {
    inlineUpTo = 5000,
    overlayUpTo = 2000,
    rebuildAfterMs = 2000,
    database,
    onError,
  }: {
    inlineUpTo?: number;
    /** More changed products than this since the last index read: no overlay (decision 048). */
    overlayUpTo?: number;
    /** After a change, the next index is read this much later (decision 048). */
    rebuildAfterMs?: number;
    database?: AppConfig['database'];
    onError?: (err: unknown) => void;
  } = {},
): SearchIndexKeeper {
  /** The index searches use: the last one read, or one with an overlay of the changes since (decision 048). */
  let current: SearchIndex | undefined;
  /** The last index read (in full or by applying changes), without an overlay: what the next read applies changes to. */
  let base: SearchIndex | undefined;
  let building: { revision: number; done: Promise<void> } | undefined;
  let rebuildTimer: ReturnType<typeof setTimeout> | undefined;
  /** Overlays being read, by revision. */
  const overlaying = new Map<number, Promise<SearchIndex | undefined>>();
  /** The newest revision asked for while a build was running. */
  let wanted = 0;
  let catalogueSize: number | undefined;
  /** When the base index's changes were read (full read or update). */
  let changesReadAt = 0;
  let lastRead: 'all' | 'changes' | undefined;

  const inline = () => !database || (catalogueSize ?? Infinity) <= inlineUpTo;

  /**
   * The changed products since the current index, or undefined when everything must be read. Besides the
   * rows after the index's last one, the rows written shortly before its read began are read again: on
   * PostgreSQL a row's id is taken when it is written, not when its transaction commits, so a transaction
   * that commits late can add a row below ids already read (its `at` is its transaction's start).
   */
  async function changesSince(index: SearchIndex | undefined, readAt: number, most = MAX_CHANGES) {
    if (!index || Date.now() - readAt > CHANGES_KEPT_MS / 2) return undefined;
    const late = new Date(readAt - LATE_COMMIT_MS).toISOString();
    const rows = await db
      .selectFrom('catalog_changes')
      .select(['id', 'product_id'])
      .where((eb) => eb.or([eb('id', '>', index.data.lastChange), eb('at', '>=', late)]))
      .orderBy('id')
      .limit(most + 1)
      .execute();
    if (rows.length > most) return undefined;
    return { ids: rows.map((r) => r.product_id), last: Math.max(index.data.lastChange, ...rows.map((r) => r.id)) };
  }

  async function read(): Promise<IndexData> {
    const on = base;
    const changes = await changesSince(on, changesReadAt);
    if (on && changes) {
      lastRead = 'changes';
      return inline()
        ? applyChanges(db, on.data, changes.ids, changes.last)
        : inWorker({ database: database!, old: on.data, changed: changes.ids, lastChange: changes.last });
    }
    lastRead = 'all';
    const data = await (inline() ? readCatalogue(db) : inWorker({ database: database! }));
    // Change rows older than any index still reads (each process reads everything when its are older).
    // Written only when the oldest row is that old: a read of the catalogue (which lists wait for) never
    // waits for a write lock in vain.
    const cutoff = new Date(Date.now() - CHANGES_KEPT_MS).toISOString();
    await db
      .selectFrom('catalog_changes')
      .select('at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
      .then((oldest) =>
        oldest && oldest.at < cutoff ? db.deleteFrom('catalog_changes').where('at', '<', cutoff).execute() : null,
      )
      .catch((err: unknown) => onError?.(err));
    return data;
  }

  function build(revision: number): Promise<void> {
    const startedAt = Date.now();
    const done = read()
      .then((data) => {
        const index = new SearchIndex(revision, data);
        if (!base || base.revision <= index.revision) {
          base = index;
          changesReadAt = startedAt;
        }
        // (An overlay of a newer revision stays until an index of that revision is read.)
        if (!current || current.revision <= index.revision) current = index;
        catalogueSize = index.size;
      })
      .catch((err: unknown) => {
        // Searches go on in SQL (or the previous index); the next request tries again.
        onError?.(err);
      })
      .finally(() => {
        building = undefined;
        if (wanted > (base?.revision ?? 0)) {
          if (base && !inline()) rebuildSoon(wanted);
          else void build(wanted);
        }
      });
    building = { revision, done };
    return done;
  }

  /**
   * The index at `revision` with an overlay of the products changed since the base index (decision 048):
   * a read of their few rows and the small tables, in this thread, while the request waits. Undefined
   * when there are too many (the previous index answers until the next is read) or the read failed.
   */
  function overlayAt(revision: number): Promise<SearchIndex | undefined> {
    let pending = overlaying.get(revision);
    if (pending) return pending;
    const on = base!;
    const readAt = changesReadAt;
    pending = changesSince(on, readAt, overlayUpTo)
      .then(async (changes) => {
        if (!changes) return undefined;
        const index = new SearchIndex(revision, on.data, await readOverlay(db, changes.ids, changes.last));
        if (!current || current.revision < index.revision) current = index;
        return index;
      })
      .catch((err: unknown) => {
        onError?.(err);
        return undefined;
      })
      .finally(() => overlaying.delete(revision));
    overlaying.set(revision, pending);
    return pending;
  }

  /**
   * Reads the next index (applying the changes, in the worker) `rebuildAfterMs` after a change reaches
   * an overlay, not at every change: the overlay makes the changes searchable meanwhile, and a burst of
   * saves costs a read every `rebuildAfterMs` (each a pass over the whole catalogue) instead of one
   * after the other.
   */
  function rebuildSoon(revision: number) {
    wanted = Math.max(wanted, revision);
    if (building || rebuildTimer) return;
    rebuildTimer = setTimeout(() => {
      rebuildTimer = undefined;
      if (!building && wanted > (base?.revision ?? 0)) void build(wanted);
    }, rebuildAfterMs);
    rebuildTimer.unref();
  }

  async function sizeKnown() {
    if (catalogueSize !== undefined) return;
    const row = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    catalogueSize = Number(row?.n ?? 0);
  }

  return {
    async at(revision) {
      if (current?.revision === revision) return current;
      // Read before a newer write: SQL answers as of then.
      if (current && revision < current.revision) return undefined;
      await sizeKnown();
      if (base && !inline()) {
        // Until the next index is read: the base index with an overlay of the changes, or (too many
        // changes) the previous index. The next read waits a little, to take in the changes after.
        rebuildSoon(revision);
        const overlaid = await overlayAt(revision);
        if (!overlaid && rebuildTimer && !building) {
          // Too many changes for an overlay: the next index at once, as without one.
          clearTimeout(rebuildTimer);
          rebuildTimer = undefined;
          void build(wanted);
        }
        return overlaid ?? current;
      }
      if (building) {
        if (revision > building.revision) wanted = Math.max(wanted, revision);
      } else {
        void build(revision);
      }
      // A large catalogue's first index: SQL until it is read.
      if (!inline()) return current;
      await building?.done;
      return current?.revision === revision ? current : undefined;
    },
    async warm(revision) {
      if (current || building) return;
      await sizeKnown();
      const done = build(revision);
      if (inline()) await done;
    },
    ready: () => current !== undefined,
    async settled() {
      for (;;) {
        if (rebuildTimer) {
          // The read a change scheduled: now.
          clearTimeout(rebuildTimer);
          rebuildTimer = undefined;
          if (!building && wanted > (base?.revision ?? 0)) void build(wanted);
        }
        if (!building) return;
        await building.done;
      }
    },
    lastRead: () => lastRead,
  };
}

/** What a worker is asked: the whole catalogue, or the changes to an index's arrays (shared memory). */
export interface WorkerTask {
  database: AppConfig['database'];
  old?: IndexData;
  changed?: number[];
  lastChange?: number;
}

/**
 * Reads in a worker thread of its own. The arrays go both ways without a copy: they are in shared memory
 * (search-index-data.ts `shared`), so an update's old arrays are shared with the worker, not cloned.
 */
function inWorker(task: WorkerTask): Promise<IndexData> {
  // Beside this module: the compiled file in dist/, or the TypeScript source (under tsx and the tests,
  // where the worker registers tsx's loader before loading it).
  const url = new URL(`./search-index-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
  const worker = url.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`, {
        eval: true,
        workerData: task,
      })
    : new Worker(url, { workerData: task });
  return new Promise<IndexData>((resolve, reject) => {
    worker.once('message', (m: { data?: IndexData; error?: string }) =>
      m.data ? resolve(m.data) : reject(new Error(`search index worker: ${m.error}`)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`search index worker stopped (${code})`)));
  });
}
