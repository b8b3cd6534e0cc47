import { sql } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { FacetRows } from './products.repository';

/**
 * The arrays of a search index (search-index.ts), read from the database: apart from the index so that a
 * worker thread can read them (search-index-worker.ts) and hand them over without copying.
 */

export const NAME_WEIGHT = 10;
export const TEXT_WEIGHT = 1;

export interface Dictionaries {
  /** By name, as the SQL facets list them. */
  brands: FacetRows['brands'];
  /** By id. */
  colors: FacetRows['colors'];
  /** By sort, id. */
  sizes: FacetRows['sizes'];
}

export interface Slots {
  /** Product id of each slot, ascending. */
  ids: Int32Array;
  /** The product is active (`active`) and so is its shop (`listable`). */
  active: Uint8Array;
  listable: Uint8Array;
  shop: Int32Array;
  category: Int32Array;
  /** 0: none. */
  subCategory: Int32Array;
  /** 0: none. */
  brand: Int32Array;
  listPrice: Float64Array;
  price: Float64Array;
  created: Float64Array;
  /** Tokens in the name and the other text. */
  length: Int32Array;
  /** Colour and size ids of slot s: colorIds[colorStart[s] .. colorStart[s + 1]). */
  colorStart: Int32Array;
  colorIds: Int32Array;
  sizeStart: Int32Array;
  sizeIds: Int32Array;
  /** Indexed words, sorted; word w's postings are postSlot/postFreq[postStart[w] .. postStart[w + 1]). */
  words: string[];
  postStart: Int32Array;
  postSlot: Int32Array;
  /** The word's weighted frequency in the slot: 10 an instance in the name, 1 elsewhere (as FTS5's bm25). */
  postFreq: Uint32Array;
}

export interface IndexData {
  slots: Slots;
  dict: Dictionaries;
  /** The last row of `catalog_changes` (migration 014) the data includes (read before the products). */
  lastChange: number;
}

/**
 * The buffers of the arrays that are not in shared memory, to transfer to another thread (an index's are
 * in shared memory: handed between threads without a copy, see `shared`).
 */
export const buffersOf = (data: IndexData): ArrayBuffer[] =>
  Object.values(data.slots).flatMap((v) => (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer ? [v.buffer] : []));

type Typed = Int32Array | Float64Array | Uint8Array | Uint32Array;

/**
 * The first `length` values of `a` in shared memory. An index's arrays are never written once built, so
 * the server's thread and the worker that reads the next index (search-index-worker.ts) hold the same
 * memory: neither the index handed to the worker nor the one it answers is copied (a copy of ~50 MB on
 * 100,000 products held the server's thread for tens of milliseconds at each update).
 */
export function shared<T extends Typed>(a: T, length = a.length): T {
  const Kind = a.constructor as new (buffer: SharedArrayBuffer) => T;
  const out = new Kind(new SharedArrayBuffer(length * a.BYTES_PER_ELEMENT));
  out.set(a.length === length ? a : a.subarray(0, length));
  return out;
}

/** A growable typed array. */
class Column<T extends Int32Array | Float64Array | Uint8Array | Uint32Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (size: number) => T,
  ) {}
  push(v: number) {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  /** Appends src[from .. to) in one copy. */
  pushRange(src: Int32Array | Uint32Array, from: number, to: number) {
    const need = this.length + (to - from);
    if (need > this.data.length) {
      const bigger = this.make(Math.max(need, this.data.length * 2));
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data.set(src.subarray(from, to), this.length);
    this.length = need;
  }
  get(i: number): number {
    return this.data[i]!;
  }
  done(): T {
    return shared(this.data, this.length);
  }
}
const ints = (size = 1024) => new Column(new Int32Array(size), (n) => new Int32Array(n));
const uints = (size = 1024) => new Column(new Uint32Array(size), (n) => new Uint32Array(n));
const floats = (size = 1024) => new Column(new Float64Array(size), (n) => new Float64Array(n));
const bytes = (size = 1024) => new Column(new Uint8Array(size), (n) => new Uint8Array(n));

const CHUNK = 2000;

/** Lets other work run between chunks of a long read. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

interface ProductRow {
  id: number;
  is_active: number;
  shop_id: number;
  category_id: number;
  sub_category_id: number | null;
  brand_id: number | null;
  list_price: number;
  price: number;
  created_at: string;
  search_name: string;
  search_text: string;
}

/** Each slot's distinct words and weighted frequencies (postings turned around, to copy unchanged slots). */
interface SlotWords {
  start: Int32Array;
  word: Int32Array;
  freq: Uint32Array;
}

/** The arrays of an index, slot after slot in product-id order. */
class Builder {
  private readonly ids = ints();
  private readonly active = bytes();
  private readonly shop = ints();
  private readonly category = ints();
  private readonly subCategory = ints();
  private readonly brand = ints();
  private readonly listPrice = floats();
  private readonly price = floats();
  private readonly created = floats();
  private readonly length = ints();
  private readonly colorStart = ints();
  private readonly colorIds = ints();
  private readonly sizeStart = ints();
  private readonly sizeIds = ints();
  /** Word numbers: those of `words` first (an index's, whose slots are copied), then new ones. */
  private readonly vocabulary = new Map<string, number>();
  private readonly docWord: Column<Int32Array>;
  private readonly docFreq: Column<Uint32Array>;
  private readonly docStart = ints();
  // Per word number: the last slot that had it and where its frequency is in docFreq.
  private lastSlot: Int32Array = new Int32Array(1024).fill(-1);
  private at: Int32Array = new Int32Array(1024);

  /** `words`: an index's, whose slots are copied (`postings`: how many it has, to size the arrays once). */
  constructor(words: string[] = [], postings = 0) {
    this.docWord = ints(Math.max(1 << 16, postings + 4096));
    this.docFreq = uints(Math.max(1 << 16, postings + 4096));
    for (const word of words) this.wordNumber(word);
    this.colorStart.push(0);
    this.sizeStart.push(0);
    this.docStart.push(0);
  }

  get size() {
    return this.ids.length;
  }

  private wordNumber(word: string): number {
    let w = this.vocabulary.get(word);
    if (w === undefined) {
      w = this.vocabulary.size;
      this.vocabulary.set(word, w);
      if (w === this.lastSlot.length) {
        this.lastSlot = grow(this.lastSlot, -1);
        this.at = grow(this.at, 0);
      }
    }
    return w;
  }

  private attributes(
    id: number,
    active: number,
    r: { shop: number; category: number; subCategory: number; brand: number; listPrice: number; price: number; created: number },
  ) {
    this.ids.push(id);
    this.active.push(active);
    this.shop.push(r.shop);
    this.category.push(r.category);
    this.subCategory.push(r.subCategory);
    this.brand.push(r.brand);
    this.listPrice.push(r.listPrice);
    this.price.push(r.price);
    this.created.push(r.created);
  }

  /** A product as read from the database, with its colour and size ids. */
  addRow(r: ProductRow, colors: number[], sizes: number[]) {
    const slot = this.ids.length;
    this.attributes(r.id, Number(r.is_active) === 1 ? 1 : 0, {
      shop: r.shop_id,
      category: r.category_id,
      subCategory: r.sub_category_id ?? 0,
      brand: r.brand_id ?? 0,
      listPrice: Number(r.list_price),
      price: Number(r.price),
      created: Date.parse(r.created_at),
    });
    for (const c of colors) this.colorIds.push(c);
    this.colorStart.push(this.colorIds.length);
    for (const z of sizes) this.sizeIds.push(z);
    this.sizeStart.push(this.sizeIds.length);
    let tokens = 0;
    for (const [text, weight] of [
      [r.search_name, NAME_WEIGHT],
      [r.search_text, TEXT_WEIGHT],
    ] as const) {
      for (const word of text.split(' ')) {
        if (!word) continue;
        tokens++;
        const w = this.wordNumber(word);
        if (this.lastSlot[w] !== slot) {
          this.lastSlot[w] = slot;
          this.at[w] = this.docFreq.length;
          this.docWord.push(w);
          this.docFreq.push(weight);
        } else {
          this.docFreq.data[this.at[w]!] = this.docFreq.get(this.at[w]!) + weight;
        }
      }
    }
    this.length.push(tokens);
    this.docStart.push(this.docWord.length);
  }

  /** A slot of an index, unchanged (its words are numbered as in that index: see the constructor). */
  addCopy(old: Slots, words: SlotWords, slot: number) {
    this.attributes(old.ids[slot]!, old.active[slot]!, {
      shop: old.shop[slot]!,
      category: old.category[slot]!,
      subCategory: old.subCategory[slot]!,
      brand: old.brand[slot]!,
      listPrice: old.listPrice[slot]!,
      price: old.price[slot]!,
      created: old.created[slot]!,
    });
    this.colorIds.pushRange(old.colorIds, old.colorStart[slot]!, old.colorStart[slot + 1]!);
    this.colorStart.push(this.colorIds.length);
    this.sizeIds.pushRange(old.sizeIds, old.sizeStart[slot]!, old.sizeStart[slot + 1]!);
    this.sizeStart.push(this.sizeIds.length);
    this.docWord.pushRange(words.word, words.start[slot]!, words.start[slot + 1]!);
    this.docFreq.pushRange(words.freq, words.start[slot]!, words.start[slot + 1]!);
    this.length.push(old.length[slot]!);
    this.docStart.push(this.docWord.length);
  }

  /** The index's arrays: postings word by word (a counting sort of the slots' words), words sorted. */
  finish(shopActive: Map<number, boolean>): Slots {
    const { docWord, docFreq, docStart } = this;
    const used = new Uint8Array(this.vocabulary.size);
    for (let i = 0; i < docWord.length; i++) used[docWord.get(i)] = 1;
    // Words no product has any longer (after changes) are left out.
    const words = [...this.vocabulary.keys()].filter((w) => used[this.vocabulary.get(w)!]).sort();
    const rank = new Int32Array(this.vocabulary.size);
    for (const [i, word] of words.entries()) rank[this.vocabulary.get(word)!] = i;
    const postStart = new Int32Array(words.length + 1);
    for (let i = 0; i < docWord.length; i++) {
      const w = rank[docWord.get(i)]! + 1;
      postStart[w] = postStart[w]! + 1;
    }
    for (let i = 0; i < words.length; i++) postStart[i + 1] = postStart[i + 1]! + postStart[i]!;
    const fill = postStart.slice(0, words.length);
    const postSlot = new Int32Array(new SharedArrayBuffer(docWord.length * 4));
    const postFreq = new Uint32Array(new SharedArrayBuffer(docWord.length * 4));
    for (let slot = 0; slot < this.ids.length; slot++) {
      for (let i = docStart.get(slot); i < docStart.get(slot + 1); i++) {
        const w = rank[docWord.get(i)]!;
        const p = fill[w]!;
        fill[w] = p + 1;
        postSlot[p] = slot;
        postFreq[p] = docFreq.get(i);
      }
    }
    const active = this.active.done();
    const shop = this.shop.done();
    const listable = shared(active.map((a, slot) => (a === 1 && shopActive.get(shop[slot]!) === true ? 1 : 0)));
    return {
      ids: this.ids.done(),
      active,
      listable,
      shop,
      category: this.category.done(),
      subCategory: this.subCategory.done(),
      brand: this.brand.done(),
      listPrice: this.listPrice.done(),
      price: this.price.done(),
      created: this.created.done(),
      length: this.length.done(),
      colorStart: this.colorStart.done(),
      colorIds: this.colorIds.done(),
      sizeStart: this.sizeStart.done(),
      sizeIds: this.sizeIds.done(),
      words,
      postStart: shared(postStart),
      postSlot,
      postFreq,
    };
  }
}

function grow(a: Int32Array, fillWith: number): Int32Array {
  const bigger = new Int32Array(a.length * 2).fill(fillWith);
  bigger.set(a);
  return bigger;
}

/** Each slot's words, from the postings. */
function slotWords(s: Slots): SlotWords {
  const n = s.ids.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < s.postSlot.length; i++) start[s.postSlot[i]! + 1] = start[s.postSlot[i]! + 1]! + 1;
  for (let i = 0; i < n; i++) start[i + 1] = start[i + 1]! + start[i]!;
  const fill = start.slice(0, n);
  const word = new Int32Array(s.postSlot.length);
  const freq = new Uint32Array(s.postSlot.length);
  for (let w = 0; w < s.words.length; w++) {
    for (let i = s.postStart[w]!; i < s.postStart[w + 1]!; i++) {
      const slot = s.postSlot[i]!;
      const p = fill[slot]!;
      fill[slot] = p + 1;
      word[p] = w;
      freq[p] = s.postFreq[i]!;
    }
  }
  return { start, word, freq };
}

const PRODUCT_COLUMNS = [
  'p.id',
  'p.is_active',
  'p.shop_id',
  'p.category_id',
  'p.sub_category_id',
  'p.brand_id',
  'p.list_price',
  'p.price',
  'p.created_at',
  'p.search_name',
  'p.search_text',
] as const;

/** Colour and size ids of products, by product. */
async function variantIds(db: DbOrTrx, where: { after: number; last: number } | { ids: number[] }) {
  const read = (table: 'product_colors' | 'product_sizes', column: 'color_id' | 'size_id') => {
    let q = db.selectFrom(table).select(['product_id', sql<number>`${sql.ref(column)}`.as('v')]);
    q =
      'ids' in where
        ? q.where('product_id', 'in', where.ids)
        : q.where('product_id', '>', where.after).where('product_id', '<=', where.last);
    return q.orderBy('product_id').orderBy(column).execute();
  };
  const [colors, sizes] = await Promise.all([read('product_colors', 'color_id'), read('product_sizes', 'size_id')]);
  const byProduct = (rows: Array<{ product_id: number; v: number }>) => {
    const out = new Map<number, number[]>();
    for (const r of rows) {
      const list = out.get(r.product_id);
      if (list) list.push(r.v);
      else out.set(r.product_id, [r.v]);
    }
    return out;
  };
  return { colors: byProduct(colors), sizes: byProduct(sizes) };
}

/** The small tables read whole each time: facet names and orders, and which shops are active. */
async function readSmallTables(db: DbOrTrx): Promise<{ dict: Dictionaries; shopActive: Map<number, boolean> }> {
  const [brands, colors, sizes, shops] = await Promise.all([
    // Switched-off brands, colours and sizes are not offered as filters (migration 022).
    db.selectFrom('brands').select(['id', 'name', 'name_ar']).where('is_active', '=', 1).orderBy('name').orderBy('id').execute(),
    db.selectFrom('colors').select(['id', 'name', 'name_ar', 'color_code']).where('is_active', '=', 1).orderBy('id').execute(),
    db.selectFrom('sizes').select(['id', 'name']).where('is_active', '=', 1).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('shops').select(['id', 'is_active']).execute(),
  ]);
  return {
    dict: {
      brands: brands.map((b) => ({ id: b.id, name: b.name, name_ar: b.name_ar })),
      colors: colors.map((c) => ({ id: c.id, name: c.name, name_ar: c.name_ar, color_code: c.color_code })),
      sizes: sizes.map((z) => ({ id: z.id, name: z.name })),
    },
    shopActive: new Map(shops.map((s) => [s.id, Number(s.is_active) === 1])),
  };
}

/** The last row of the change log (0 when empty). */
export async function lastChangeId(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('catalog_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Reads the catalogue into an index's arrays, in chunks of products with a turn for other work between
 * them (in the server's thread for a small catalogue, in a worker thread for a large one).
 */
export async function readCatalogue(db: DbOrTrx): Promise<IndexData> {
  // First: a change written while the products are read is read again by the next update.
  const lastChange = await lastChangeId(db);
  const builder = new Builder();
  let after = 0;
  for (;;) {
    const rows: ProductRow[] = await db
      .selectFrom('products as p')
      .select(PRODUCT_COLUMNS)
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(CHUNK)
      .execute();
    if (!rows.length) break;
    const last = rows[rows.length - 1]!.id;
    const { colors, sizes } = await variantIds(db, { after, last });
    for (const r of rows) builder.addRow(r, colors.get(r.id) ?? [], sizes.get(r.id) ?? []);
    after = last;
    if (rows.length < CHUNK) break;
    await yieldToOthers();
  }
  const { dict, shopActive } = await readSmallTables(db);
  return { slots: builder.finish(shopActive), dict, lastChange };
}

/** Products by id as the index reads them (those no longer in the database are left out), in id order. */
export async function readProducts(db: DbOrTrx, changed: number[]) {
  const ids = [...new Set(changed)].sort((a, b) => a - b);
  const rows: ProductRow[] = [];
  const colors = new Map<number, number[]>();
  const sizes = new Map<number, number[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const [found, variants] = await Promise.all([
      db.selectFrom('products as p').select(PRODUCT_COLUMNS).where('p.id', 'in', chunk).orderBy('p.id').execute(),
      variantIds(db, { ids: chunk }),
    ]);
    rows.push(...found);
    for (const [k, v] of variants.colors) colors.set(k, v);
    for (const [k, v] of variants.sizes) sizes.set(k, v);
  }
  return { ids, rows, colors, sizes };
}

/**
 * An index's arrays with the products of `changed` read again (and those no longer in the database left
 * out), the small tables read whole, the other slots copied: a fraction of reading the whole catalogue.
 * `lastChange`: the last change row the caller read the ids from.
 */
export async function applyChanges(db: DbOrTrx, old: IndexData, changed: number[], lastChange: number): Promise<IndexData> {
  const { ids, rows, colors, sizes } = await readProducts(db, changed);
  const { dict, shopActive } = await readSmallTables(db);
  const words = slotWords(old.slots);
  const builder = new Builder(old.slots.words, old.slots.postSlot.length);
  const gone = new Set(ids);
  const oldIds = old.slots.ids;
  // Slots in product-id order: unchanged slots copied, changed products read again, in turn.
  let i = 0;
  let j = 0;
  while (i < oldIds.length || j < rows.length) {
    if (i < oldIds.length && gone.has(oldIds[i]!)) {
      i++;
    } else if (j < rows.length && (i >= oldIds.length || rows[j]!.id < oldIds[i]!)) {
      const r = rows[j++]!;
      builder.addRow(r, colors.get(r.id) ?? [], sizes.get(r.id) ?? []);
    } else {
      builder.addCopy(old.slots, words, i++);
    }
  }
  return { slots: builder.finish(shopActive), dict, lastChange };
}

/** A changed product as an overlay holds it (search-index.ts): what a slot holds, its words by name. */
export interface OverlayProduct {
  id: number;
  /** Active, and its shop too. */
  listable: boolean;
  shop: number;
  category: number;
  subCategory: number;
  brand: number;
  listPrice: number;
  price: number;
  created: number;
  /** Tokens in the name and the other text. */
  length: number;
  colors: number[];
  sizes: number[];
  /** Its distinct words and their weighted frequencies (10 an instance in the name, 1 elsewhere). */
  words: string[];
  freqs: number[];
}

/** Products changed since an index, read as a full read would read them (Builder.addRow). */
export interface OverlayData {
  /** Every product id changed (new, updated or deleted), ascending. */
  changed: number[];
  /** Those still in the database, in id order. */
  products: OverlayProduct[];
  dict: Dictionaries;
  shopActive: Map<number, boolean>;
  lastChange: number;
}

/**
 * Reads the products of `changed` and the small tables for an overlay (a few rows: in the server's
 * thread, while the request that saw the change waits).
 */
export async function readOverlay(db: DbOrTrx, changed: number[], lastChange: number): Promise<OverlayData> {
  const [{ ids, rows, colors, sizes }, { dict, shopActive }] = await Promise.all([
    readProducts(db, changed),
    readSmallTables(db),
  ]);
  const products = rows.map((r): OverlayProduct => {
    // The words as Builder.addRow counts them: split on spaces, the name's weighing NAME_WEIGHT.
    const freq = new Map<string, number>();
    let length = 0;
    for (const [text, weight] of [
      [r.search_name, NAME_WEIGHT],
      [r.search_text, TEXT_WEIGHT],
    ] as const) {
      for (const word of text.split(' ')) {
        if (!word) continue;
        length++;
        freq.set(word, (freq.get(word) ?? 0) + weight);
      }
    }
    return {
      id: r.id,
      listable: Number(r.is_active) === 1 && shopActive.get(r.shop_id) === true,
      shop: r.shop_id,
      category: r.category_id,
      subCategory: r.sub_category_id ?? 0,
      brand: r.brand_id ?? 0,
      listPrice: Number(r.list_price),
      price: Number(r.price),
      created: Date.parse(r.created_at),
      length,
      colors: colors.get(r.id) ?? [],
      sizes: sizes.get(r.id) ?? [],
      words: [...freq.keys()],
      freqs: [...freq.values()],
    };
  });
  return { changed: ids, products, dict, shopActive, lastChange };
}
