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
}

/** The buffers of the arrays, to transfer to another thread. */
export const buffersOf = (data: IndexData): ArrayBuffer[] =>
  Object.values(data.slots).flatMap((v) => (ArrayBuffer.isView(v) ? [v.buffer as ArrayBuffer] : []));

/** A growable typed array. */
class Column<T extends Int32Array | Float64Array | Uint8Array> {
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
  get(i: number): number {
    return this.data[i]!;
  }
  done(): T {
    return this.data.slice(0, this.length) as T;
  }
}
const ints = (size = 1024) => new Column(new Int32Array(size), (n) => new Int32Array(n));
const floats = (size = 1024) => new Column(new Float64Array(size), (n) => new Float64Array(n));
const bytes = (size = 1024) => new Column(new Uint8Array(size), (n) => new Uint8Array(n));

const CHUNK = 2000;

/** Lets other requests run between chunks of a long build. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the catalogue into an index's arrays, in chunks of products with a turn for other work between
 * them (in the server's thread for a small catalogue, in a worker thread for a large one).
 */
export async function readCatalogue(db: DbOrTrx): Promise<IndexData> {
  const [brands, colors, sizes] = await Promise.all([
    db.selectFrom('brands').select(['id', 'name', 'name_ar']).orderBy('name').orderBy('id').execute(),
    db.selectFrom('colors').select(['id', 'name', 'name_ar', 'color_code']).orderBy('id').execute(),
    db.selectFrom('sizes').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
  ]);

  const ids = ints();
  const listable = bytes();
  const shop = ints();
  const category = ints();
  const subCategory = ints();
  const brand = ints();
  const listPrice = floats();
  const price = floats();
  const created = floats();
  const length = ints();
  const colorStart = ints();
  const colorIds = ints();
  const sizeStart = ints();
  const sizeIds = ints();
  colorStart.push(0);
  sizeStart.push(0);
  // Each slot's distinct words (as numbers) and their weighted frequencies, slot after slot.
  const vocabulary = new Map<string, number>();
  const docWord = ints(1 << 16);
  const docFreq = floats(1 << 16);
  const docStart = ints();
  docStart.push(0);
  // Per word number: the last slot that had it and where its frequency is in docFreq.
  let lastSlot: Int32Array = new Int32Array(1024).fill(-1);
  let at: Int32Array = new Int32Array(1024);

  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('shops as s', 's.id', 'p.shop_id')
      .select([
        'p.id',
        'p.is_active',
        's.is_active as shop_active',
        'p.shop_id',
        'p.category_id',
        'p.sub_category_id',
        'p.brand_id',
        'p.list_price',
        'p.price',
        'p.created_at',
        'p.search_name',
        'p.search_text',
      ])
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(CHUNK)
      .execute();
    if (!rows.length) break;
    const last = rows[rows.length - 1]!.id;
    const [colorRows, sizeRows] = await Promise.all([
      sql<{ product_id: number; v: number }>`SELECT product_id, color_id AS v FROM product_colors
        WHERE product_id > ${after} AND product_id <= ${last} ORDER BY product_id, color_id`.execute(db),
      sql<{ product_id: number; v: number }>`SELECT product_id, size_id AS v FROM product_sizes
        WHERE product_id > ${after} AND product_id <= ${last} ORDER BY product_id, size_id`.execute(db),
    ]).then((r) => r.map((x) => x.rows));
    let ci = 0;
    let si = 0;
    for (const r of rows) {
      const slot = ids.length;
      ids.push(r.id);
      listable.push(Number(r.is_active) === 1 && Number(r.shop_active) === 1 ? 1 : 0);
      shop.push(r.shop_id);
      category.push(r.category_id);
      subCategory.push(r.sub_category_id ?? 0);
      brand.push(r.brand_id ?? 0);
      listPrice.push(Number(r.list_price));
      price.push(Number(r.price));
      created.push(Date.parse(r.created_at));
      while (ci < colorRows!.length && colorRows![ci]!.product_id === r.id) colorIds.push(colorRows![ci++]!.v);
      colorStart.push(colorIds.length);
      while (si < sizeRows!.length && sizeRows![si]!.product_id === r.id) sizeIds.push(sizeRows![si++]!.v);
      sizeStart.push(sizeIds.length);
      let tokens = 0;
      for (const [text, weight] of [
        [r.search_name, NAME_WEIGHT],
        [r.search_text, TEXT_WEIGHT],
      ] as const) {
        for (const word of text.split(' ')) {
          if (!word) continue;
          tokens++;
          let w = vocabulary.get(word);
          if (w === undefined) {
            w = vocabulary.size;
            vocabulary.set(word, w);
            if (w === lastSlot.length) {
              lastSlot = grow(lastSlot, -1);
              at = grow(at, 0);
            }
          }
          if (lastSlot[w] !== slot) {
            lastSlot[w] = slot;
            at[w] = docFreq.length;
            docWord.push(w);
            docFreq.push(weight);
          } else {
            docFreq.data[at[w]!] = docFreq.get(at[w]!) + weight;
          }
        }
      }
      length.push(tokens);
      docStart.push(docWord.length);
    }
    after = last;
    if (rows.length < CHUNK) break;
    await yieldToOthers();
  }

  // The postings, word by word (a counting sort of the slots' words), words in sorted order.
  const words = [...vocabulary.keys()].sort();
  const rank = new Int32Array(words.length);
  for (const [i, word] of words.entries()) rank[vocabulary.get(word)!] = i;
  const postStart = new Int32Array(words.length + 1);
  for (let i = 0; i < docWord.length; i++) {
    const w = rank[docWord.get(i)]! + 1;
    postStart[w] = postStart[w]! + 1;
  }
  for (let i = 0; i < words.length; i++) postStart[i + 1] = postStart[i + 1]! + postStart[i]!;
  const fill = postStart.slice(0, words.length);
  const postSlot = new Int32Array(docWord.length);
  const postFreq = new Uint32Array(docWord.length);
  for (let slot = 0; slot < ids.length; slot++) {
    for (let i = docStart.get(slot); i < docStart.get(slot + 1); i++) {
      const w = rank[docWord.get(i)]!;
      const p = fill[w]!;
      fill[w] = p + 1;
      postSlot[p] = slot;
      postFreq[p] = docFreq.get(i);
    }
  }

  return {
    slots: {
      ids: ids.done(),
      listable: listable.done(),
      shop: shop.done(),
      category: category.done(),
      subCategory: subCategory.done(),
      brand: brand.done(),
      listPrice: listPrice.done(),
      price: price.done(),
      created: created.done(),
      length: length.done(),
      colorStart: colorStart.done(),
      colorIds: colorIds.done(),
      sizeStart: sizeStart.done(),
      sizeIds: sizeIds.done(),
      words,
      postStart,
      postSlot,
      postFreq,
    },
    dict: {
      brands: brands.map((b) => ({ id: b.id, name: b.name, name_ar: b.name_ar })),
      colors: colors.map((c) => ({ id: c.id, name: c.name, name_ar: c.name_ar, color_code: c.color_code })),
      sizes: sizes.map((z) => ({ id: z.id, name: z.name })),
    },
  };
}

function grow(a: Int32Array, fillWith: number): Int32Array {
  const bigger = new Int32Array(a.length * 2).fill(fillWith);
  bigger.set(a);
  return bigger;
}
