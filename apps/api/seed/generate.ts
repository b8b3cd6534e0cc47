import { sql, type Insertable } from 'kysely';
import { listPriceOf, productSearchColumns } from '../src/shared/product-columns';
import type { Db, Dialect } from '../src/db/index';
import type { Database } from '../src/db/schema';
import { categoryCopy, subCategoryCopy, type CategoryCopy } from './demo/copy';
import { createRng } from './prng';

/**
 * A large generated catalogue on top of the demo seed, for benchmarks and load tests: every new
 * product is a variation of a demo product (same category, sub-category, unit and pictures, usually the
 * same brand) with an edition and an Omani place in its name, its own price, discount, rating, sales,
 * views and dates. The demo taxonomy, shops and images are reused; no files are written.
 *
 * Ratings and review counts are set on the products without review rows (benchmark data).
 */
export interface GenerateOptions {
  products: number;
  /** PRNG seed; the same seed on the same demo data gives the same catalogue. */
  seed?: number;
  /** Called after each chunk with the number of products written so far. */
  onProgress?: (done: number) => void;
}

/** Omani places: the "collection" in a generated name. */
export const PLACES: readonly [string, string][] = [
  ['Muscat', 'مسقط'],
  ['Salalah', 'صلالة'],
  ['Sur', 'صور'],
  ['Sohar', 'صحار'],
  ['Bahla', 'بهلاء'],
  ['Ibri', 'عبري'],
  ['Khasab', 'خصب'],
  ['Duqm', 'الدقم'],
  ['Rustaq', 'الرستاق'],
  ['Samail', 'سمائل'],
  ['Ibra', 'إبراء'],
  ['Masirah', 'مصيرة'],
  ['Jalan', 'جعلان'],
  ['Adam', 'أدم'],
  ['Qurayyat', 'قريات'],
  ['Barka', 'بركاء'],
  ['Mirbat', 'مرباط'],
  ['Sinaw', 'سناو'],
  ['Buraimi', 'البريمي'],
  ['Haima', 'هيماء'],
];

/** Editions: the second half of a generated name. */
export const EDITIONS: readonly [string, string][] = [
  ['Premium Edition', 'إصدار فاخر'],
  ['Classic Edition', 'الإصدار الكلاسيكي'],
  ['Family Pack', 'عبوة عائلية'],
  ['Gift Edition', 'إصدار الهدايا'],
  ['Limited Edition', 'إصدار محدود'],
  ['Heritage Edition', 'إصدار التراث'],
  ['Eid Edition', 'إصدار العيد'],
  ['Ramadan Edition', 'إصدار رمضان'],
  ['Signature Edition', 'الإصدار المميز'],
  ['Value Pack', 'عبوة اقتصادية'],
  ['Travel Size', 'حجم السفر'],
  ['Souq Selection', 'مختارات السوق'],
];

const DAY = 86_400_000;
/** Rows per multi-row INSERT: ~30 columns × 400 rows stays under both dialects' parameter limits. */
const CHUNK = 400;

type Row<T extends keyof Database> = Insertable<Database[T]>;

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Rounds to a price a shop would print (100 baisa steps under 5 OMR, then 250, 500 and 1000). */
function nice(b: number): number {
  const step = b < 5000 ? 100 : b < 20000 ? 250 : b < 100000 ? 500 : 1000;
  return Math.max(500, Math.min(250_000, Math.round(b / step) * step));
}

/** The demo product's name without its variant (" – 1 kg"). */
const baseName = (s: string) => s.split(' – ')[0]!.trim();

/** Adds `count` generated products; returns the id range written. */
export async function generateCatalogue(
  db: Db,
  dialect: Dialect,
  options: GenerateOptions,
): Promise<{ firstId: number; lastId: number }> {
  const count = Math.max(0, Math.floor(options.products));
  const [templates, images, brands, categories, subs, shops, colors, sizes, maxRow] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'shop_id', 'category_id', 'sub_category_id', 'brand_id', 'unit_id', 'name', 'name_ar', 'thumbnail', 'price'])
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_images')
      .select(['product_id', 'path'])
      .where('type', '=', 'image')
      .orderBy('product_id')
      .orderBy('sort')
      .execute(),
    db.selectFrom('brands').select(['id', 'name', 'name_ar']).orderBy('id').execute(),
    db.selectFrom('categories').select(['id', 'slug', 'name', 'name_ar']).execute(),
    db.selectFrom('sub_categories').select(['id', 'slug', 'name', 'name_ar']).execute(),
    db.selectFrom('shops').select(['id', 'name', 'name_ar']).where('is_active', '=', 1).orderBy('id').execute(),
    db.selectFrom('colors').select('id').orderBy('id').execute(),
    db.selectFrom('sizes').select('id').orderBy('sort').execute(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst(),
  ]);
  if (templates.length === 0 || shops.length === 0) throw new Error('generateCatalogue needs the demo catalogue: seed it first.');

  const firstId = Number(maxRow?.max ?? 0) + 1;
  if (count === 0) return { firstId, lastId: firstId - 1 };
  const rng = createRng(options.seed ?? 0x5eed ^ firstId);
  const brandById = new Map(brands.map((b) => [b.id, b]));
  const catById = new Map(categories.map((c) => [c.id, c]));
  const subById = new Map(subs.map((s) => [s.id, s]));
  const picsOf = new Map<number, string[]>();
  for (const img of images) {
    const list = picsOf.get(img.product_id) ?? [];
    list.push(img.path);
    picsOf.set(img.product_id, list);
  }
  // Sizes used by demo products of each sub-category, so that a generated abaya gets abaya sizes.
  const sizeRowsOfDemo = await db
    .selectFrom('product_sizes as ps')
    .innerJoin('products as p', 'p.id', 'ps.product_id')
    .select(['p.sub_category_id', 'ps.size_id'])
    .distinct()
    .execute();
  const sizesOfSub = new Map<number, number[]>();
  for (const r of sizeRowsOfDemo) {
    if (r.sub_category_id === null) continue;
    const list = sizesOfSub.get(r.sub_category_id) ?? [];
    list.push(r.size_id);
    sizesOfSub.set(r.sub_category_id, list);
  }
  const copyOf = (catSlug: string, subSlug: string | undefined): CategoryCopy | undefined =>
    (subSlug ? subCategoryCopy[subSlug] : undefined) ?? categoryCopy[catSlug];

  const now = Date.now();
  const lastId = firstId + count - 1;

  await db.transaction().execute(async (trx) => {
    for (let start = firstId; start <= lastId; start += CHUNK) {
      const end = Math.min(lastId, start + CHUNK - 1);
      const products: Row<'products'>[] = [];
      const pictures: Row<'product_images'>[] = [];
      const productColors: Row<'product_colors'>[] = [];
      const productSizes: Row<'product_sizes'>[] = [];

      for (let id = start; id <= end; id++) {
        const t = rng.pick(templates);
        const cat = catById.get(t.category_id)!;
        const sub = t.sub_category_id !== null ? subById.get(t.sub_category_id) : undefined;
        const brand = (rng.chance(0.75) && t.brand_id !== null ? brandById.get(t.brand_id) : undefined) ?? rng.pick(brands);
        const shop = rng.chance(0.6) ? (shops.find((s) => s.id === t.shop_id) ?? rng.pick(shops)) : rng.pick(shops);
        const [placeEn, placeAr] = rng.pick(PLACES);
        const [editionEn, editionAr] = rng.pick(EDITIONS);
        const model = rng.chance(0.35) ? ` ${rng.int(2, 990)}` : '';
        const name = `${baseName(t.name)} – ${placeEn} ${editionEn}${model}`;
        const nameAr = `${baseName(t.name_ar ?? t.name)} – ${editionAr} من ${placeAr}${model}`;
        const copy = copyOf(cat.slug, sub?.slug);
        const shortEn = copy?.short[0] ?? `${cat.name} from ${placeEn}.`;
        const shortAr = copy?.short[1] ?? `${cat.name_ar ?? cat.name} من ${placeAr}.`;
        const features = copy ? rng.sample(copy.features, 3) : [];

        const price = nice(t.price * (0.6 + rng.next()));
        let discount = 0;
        if (rng.chance(0.3)) {
          const d = nice((price * (100 - rng.pick([5, 10, 10, 15, 20, 25, 30, 40]))) / 100);
          discount = d < price ? d : 0;
        }
        const r = rng.next();
        const reviews = r < 0.35 ? 0 : r < 0.8 ? rng.int(1, 12) : rng.int(12, 300);
        const rating = reviews ? Math.round((3 + rng.next() * 2) * 100) / 100 : 0;
        const totalSold = reviews * rng.int(2, 8) + rng.int(0, 40);
        const createdMs = now - rng.int(0, 364) * DAY - rng.int(0, DAY - 1);
        const updatedMs = Math.min(now, createdMs + rng.int(0, 60) * DAY);

        const pics = picsOf.get(t.id) ?? (t.thumbnail ? [t.thumbnail] : []);
        const shift = pics.length ? rng.int(0, pics.length - 1) : 0;
        const ordered = [...pics.slice(shift), ...pics.slice(0, shift)];
        if (rng.chance(0.25))
          ordered.slice(0, rng.int(2, 3)).forEach((path, sort) => pictures.push({ product_id: id, path, type: 'image', sort }));

        if (rng.chance(0.2)) {
          for (const c of rng.sample(colors, rng.int(1, 3)))
            productColors.push({ product_id: id, color_id: c.id, extra_price: rng.chance(0.8) ? 0 : 500 });
        }
        const subSizes = sub ? sizesOfSub.get(sub.id) : undefined;
        if (subSizes?.length && rng.chance(0.5)) {
          for (const sizeId of subSizes) productSizes.push({ product_id: id, size_id: sizeId, extra_price: 0 });
        } else if (!subSizes && rng.chance(0.03) && sizes.length) {
          for (const s of rng.sample(sizes, 2)) productSizes.push({ product_id: id, size_id: s.id, extra_price: 0 });
        }

        products.push({
          id,
          shop_id: shop.id,
          category_id: cat.id,
          sub_category_id: sub?.id ?? null,
          brand_id: brand.id,
          unit_id: t.unit_id,
          name,
          name_ar: nameAr,
          slug: `${slugify(name)}-${id}`,
          short_description: shortEn,
          short_description_ar: shortAr,
          description:
            `<p><strong>${escapeHtml(name)}</strong> — ${escapeHtml(copy?.intro[0] ?? shortEn)}</p>` +
            (features.length ? `<ul>${features.map((f) => `<li>${escapeHtml(f[0])}</li>`).join('')}</ul>` : '') +
            `<p>Sold and shipped by ${escapeHtml(shop.name)}.</p>`,
          description_ar:
            `<p><strong>${escapeHtml(nameAr)}</strong> — ${escapeHtml(copy?.intro[1] ?? shortAr)}</p>` +
            (features.length ? `<ul>${features.map((f) => `<li>${escapeHtml(f[1])}</li>`).join('')}</ul>` : '') +
            `<p>يبيعه ويشحنه ${escapeHtml(shop.name_ar ?? shop.name)}.</p>`,
          thumbnail: ordered[0] ?? t.thumbnail,
          video_url: null,
          price,
          discount_price: discount,
          quantity: rng.chance(0.06) ? 0 : rng.int(1, 400),
          total_sold: totalSold,
          rating,
          total_reviews: reviews,
          views: totalSold * rng.int(4, 15) + rng.int(0, 500),
          ...productSearchColumns({
            name,
            name_ar: nameAr,
            short_description: shortEn,
            short_description_ar: shortAr,
            brand,
            category: cat,
            sub_category: sub ?? null,
          }),
          list_price: listPriceOf(price, discount),
          is_active: rng.chance(0.995) ? 1 : 0,
          meta_title: `${name} | ${shop.name}`.slice(0, 255),
          meta_description: shortEn.slice(0, 500),
          created_at: new Date(createdMs).toISOString(),
          updated_at: new Date(updatedMs).toISOString(),
        });
      }

      await trx.insertInto('products').values(products).execute();
      for (const [table, rows] of [
        ['product_images', pictures],
        ['product_colors', productColors],
        ['product_sizes', productSizes],
      ] as const) {
        for (let i = 0; i < rows.length; i += CHUNK * 2) {
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + CHUNK * 2) as never)
            .execute();
        }
      }
      options.onProgress?.(end - firstId + 1);
    }
    if (dialect === 'postgres') {
      await sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`.execute(trx);
    }
  });
  return { firstId, lastId };
}
