import { hash, type Algorithm } from '@node-rs/argon2';
import { sql, type Insertable } from 'kysely';
import { sanitizeRichText } from '../src/shared/rich-text';
import { searchIndexText } from '../src/shared/search-text';
import { listPriceOf, productSearchColumns } from '../src/shared/product-columns';
import type { Database } from '../src/db/schema';
import type { SeedContext } from './context';
import { createRng } from './prng';
import {
  avatarSvg,
  escapeXml,
  FileSink,
  hexToTone,
  logoSvg,
  naturalTone,
  productSvg,
  wideSvg,
  type Shape,
  type Tone,
} from './images';
import { brands, categories, colors, sizes, sizeGroups, units, type ColorKey, type SizeGroupKey } from './demo/taxonomy';
import { shops } from './demo/shops';
import { categoryCopy, subCategoryCopy } from './demo/copy';
import { ratingWeights, reviewerNames, reviewTexts } from './demo/reviews';
import { banners, blogCategories, blogs, legalPages } from './demo/content';

/** The demo customer (README, tests and the prefilled login form in the local environment use it). */
export const DEMO_CUSTOMER = {
  name: 'Salim Al-Harthy',
  phone_code: '+968',
  phone: '91234567',
  email: 'customer@souq.om',
  password: 'password',
} as const;

/** One seller account per demo shop: seller1@souq.om … seller8@souq.om, shop ids 1 … 8. */
export const DEMO_SELLERS = shops.map((s, i) => ({
  shop_id: i + 1,
  shop: s.name,
  email: `seller${i + 1}@souq.om`,
  password: 'password',
}));

/** OWASP-recommended argon2id parameters, the same as modules/auth/password.ts uses. */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (an ambient const enum, which isolatedModules cannot read)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

const SEED = 968_2024;
const DAY = 86_400_000;
const MIN = 60_000;
const CHUNK = 500;

type Tables = Database;
type Row<T extends keyof Tables> = Insertable<Tables[T]>;

const baisa = (omr: number) => Math.round(omr * 1000);
/** Rounds to a price a shop would print: 100 baisa steps under 5 OMR, then 250, 500 and 1000. */
function nice(b: number): number {
  const step = b < 5000 ? 100 : b < 20000 ? 250 : b < 100000 ? 500 : 1000;
  return Math.max(500, Math.min(250_000, Math.round(b / step) * step));
}
const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

async function insertAll(db: SeedContext['db'], table: keyof Tables & string, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

/**
 * The demo marketplace: a customer, 8 Omani shops with seller accounts, 13 categories, ~220 products with
 * images, colours, sizes and reviews, flash sales, vouchers, banners, blog posts and legal pages.
 * Deterministic (seeded PRNG); dates are relative to the time of seeding.
 */
export async function seedCatalogue(ctx: SeedContext): Promise<void> {
  const started = Date.now();
  const { db, dialect } = ctx;
  const rng = createRng(SEED);
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  const files = new FileSink(ctx.uploadsDir);

  // Argon2 runs on the libuv thread pool: start hashing now, build the rows meanwhile.
  const hashing = Promise.all(Array.from({ length: 1 + shops.length }, () => hash(DEMO_CUSTOMER.password, ARGON2_OPTIONS)));

  // --- Reference data --------------------------------------------------------------------------
  const unitKeys = Object.keys(units) as (keyof typeof units)[];
  const unitId = new Map(unitKeys.map((k, i) => [k, i + 1]));
  const unitRows: Row<'units'>[] = unitKeys.map((k, i) => ({ id: i + 1, ...units[k] }));

  const colorKeys = Object.keys(colors) as ColorKey[];
  const colorId = new Map(colorKeys.map((k, i) => [k, i + 1]));
  const colorRows: Row<'colors'>[] = colorKeys.map((k, i) => ({ id: i + 1, ...colors[k] }));

  const sizeId = new Map<string, number>(sizes.map((s, i) => [s, i + 1]));
  const sizeRows: Row<'sizes'>[] = sizes.map((name, i) => ({ id: i + 1, name, sort: i }));

  const brandKeys = Object.keys(brands) as (keyof typeof brands)[];
  const brandId = new Map(brandKeys.map((k, i) => [k, i + 1]));
  const brandRows: Row<'brands'>[] = brandKeys.map((k, i) => ({
    id: i + 1,
    name: brands[k].name,
    name_ar: brands[k].name_ar,
    logo: files.add(`brands/${i + 1}.svg`, logoSvg(brands[k].name[0]!, brands[k].hue)),
  }));

  const categoryRows: Row<'categories'>[] = [];
  const subRows: Row<'sub_categories'>[] = [];
  const catBySlug = new Map<string, { id: number; name: string; name_ar: string }>();
  const subByKey = new Map<string, { id: number; name: string; name_ar: string }>();
  for (const [i, c] of categories.entries()) {
    const id = i + 1;
    catBySlug.set(c.slug, { id, name: c.name, name_ar: c.name_ar });
    categoryRows.push({
      id,
      slug: c.slug,
      name: c.name,
      name_ar: c.name_ar,
      thumbnail: files.add(`categories/${c.slug}.svg`, productSvg(c.shape, naturalTone[c.shape], c.hue, 0)),
      sort: i,
      is_active: 1,
    });
    for (const [j, s] of c.subs.entries()) {
      const subId = subRows.length + 1;
      subByKey.set(`${c.slug}/${s.slug}`, { id: subId, name: s.name, name_ar: s.name_ar });
      subRows.push({
        id: subId,
        category_id: id,
        slug: s.slug,
        name: s.name,
        name_ar: s.name_ar,
        thumbnail: files.add(
          `categories/sub/${s.slug}.svg`,
          productSvg(s.shape, naturalTone[s.shape], c.hue + 20 + j * 25, 2 + (j % 2)),
        ),
        sort: j,
        is_active: 1,
      });
    }
  }

  // --- Shops -----------------------------------------------------------------------------------
  const shopRows: Row<'shops'>[] = shops.map((s, i) => {
    const id = i + 1;
    const shapesOfShop = [...new Set(s.lines.map((l) => l.shape))].slice(0, 3);
    return {
      id,
      name: s.name,
      name_ar: s.name_ar,
      slug: s.slug,
      logo: files.add(`shops/${id}-logo.svg`, logoSvg(s.initial, s.hue, s.shape)),
      banner: files.add(
        `shops/${id}-banner.svg`,
        wideSvg(
          1200,
          400,
          s.hue,
          shapesOfShop.map((shape) => ({ shape, tone: naturalTone[shape] })),
          { dark: s.hue >= 140 && s.hue <= 280 },
        ),
      ),
      short_description: s.short,
      short_description_ar: s.short_ar,
      description: s.about,
      description_ar: s.about_ar,
      address: s.address,
      address_ar: s.address_ar,
      phone: s.seller.phone,
      email: DEMO_SELLERS[i]!.email,
      rating: 0,
      total_reviews: 0,
      estimated_delivery_time: s.eta,
      estimated_delivery_time_ar: s.eta_ar,
      delivery_charge: baisa(s.delivery),
      min_order_amount: baisa(s.minOrder),
      last_online_at: at(s.lastSeenMin * MIN),
      search_text: searchIndexText(`${s.name} ${s.name_ar}`),
      is_active: 1,
      created_at: at((420 + i * 37) * DAY),
    };
  });

  // Each shop's banners (its page's hero and the original client's banner list): the shop's own banner
  // first, then a second picture in its colours.
  const shopBannerRows: Row<'shop_banners'>[] = shops.flatMap((s, i) => {
    const id = i + 1;
    const shapesOfShop = [...new Set(s.lines.map((l) => l.shape))];
    return [
      { shop_id: id, title: s.name, title_ar: s.name_ar, thumbnail: shopRows[i]!.banner!, sort: 0, is_active: 1 },
      {
        shop_id: id,
        title: s.short,
        title_ar: s.short_ar,
        thumbnail: files.add(
          `shops/${id}-banner-2.svg`,
          wideSvg(
            1200,
            400,
            s.hue + 25,
            shapesOfShop.slice(-3).map((shape) => ({ shape, tone: naturalTone[shape] })),
            { dark: s.hue + 25 >= 140 && s.hue + 25 <= 280 },
          ),
        ),
        sort: 1,
        is_active: 1,
      },
    ];
  });

  // --- Products, images, colours, sizes, reviews -------------------------------------------------
  const productRows: Row<'products'>[] = [];
  const imageRows: Row<'product_images'>[] = [];
  const productColorRows: Row<'product_colors'>[] = [];
  const productSizeRows: Row<'product_sizes'>[] = [];
  const reviewRows: Row<'reviews'>[] = [];
  const slugs = new Set<string>();
  const shopReviews = shops.map(() => ({ sum: 0, count: 0 }));

  for (const [si, shop] of shops.entries()) {
    const shopId = si + 1;
    for (const line of shop.lines) {
      const variants = line.variants ?? [{ en: '', ar: '', mult: 1 }];
      for (const [vi, variant] of variants.entries()) {
        const id = productRows.length + 1;
        const name = variant.en ? `${line.en} – ${variant.en}` : line.en;
        const nameAr = variant.ar ? `${line.ar} – ${variant.ar}` : line.ar;
        const cat = catBySlug.get(line.cat);
        const sub = subByKey.get(`${line.cat}/${line.sub}`);
        if (!cat || !sub) throw new Error(`Unknown category ${line.cat}/${line.sub} for ${name}`);
        const brand = brands[line.brand];

        let slug = slugify(name);
        if (slugs.has(slug)) slug = `${slug}-${id}`;
        slugs.add(slug);

        const price = nice(baisa(line.price * variant.mult * (0.96 + rng.next() * 0.08)));
        let discount = 0;
        if (rng.chance(0.45)) {
          const pct = rng.pick([5, 10, 10, 15, 15, 20, 25, 30]);
          const d = nice(Math.round((price * (100 - pct)) / 100));
          discount = d < price ? d : 0;
        }
        const stock = rng.chance(0.07) ? 0 : line.cat === 'electronics' ? rng.int(3, 60) : rng.int(8, 250);

        // Colours (0-4) and sizes with extra prices.
        const pool = line.colors ?? [];
        const chosen: ColorKey[] = pool.length
          ? [pool[0]!, ...rng.sample(pool.slice(1), rng.int(0, Math.min(3, pool.length - 1)))]
          : [];
        for (const key of chosen) {
          const extra = rng.chance(0.7) ? 0 : Math.max(100, Math.round((price * 0.05) / 100) * 100);
          productColorRows.push({ product_id: id, color_id: colorId.get(key)!, extra_price: extra });
        }
        const groupKey: SizeGroupKey | undefined = variant.sizes === null ? undefined : (variant.sizes ?? line.sizes);
        if (groupKey) {
          const group = sizeGroups[groupKey];
          group.sizes.forEach((size, k) => {
            const fraction = group.extra[k] ?? 0;
            const extra = fraction > 0 ? Math.max(100, Math.round((price * fraction) / 100) * 100) : 0;
            productSizeRows.push({ product_id: id, size_id: sizeId.get(size)!, extra_price: extra });
          });
        }

        // Pictures: 2-5 shots; with colours, each shot shows the next colour.
        const baseTone: Tone = line.tone ?? naturalTone[line.shape];
        const nImages = rng.int(2, 5);
        const paths: string[] = [];
        for (let k = 0; k < nImages; k++) {
          const tone: Tone = chosen.length
            ? hexToTone(colors[chosen[k % chosen.length]!].color_code)
            : { ...baseTone, h: baseTone.h + vi * 6 };
          const bgHue = tone.s < 15 ? shop.hue + rng.int(-30, 30) : tone.h + rng.int(-35, 35);
          paths.push(files.add(`products/${id}-${k + 1}.svg`, productSvg(line.shape as Shape, tone, bgHue, k)));
        }
        paths.forEach((p, k) => imageRows.push({ product_id: id, path: p, type: 'image', sort: k }));

        // Reviews, then the counters that must agree with them.
        const createdMs = rng.int(3, 240) * DAY + rng.int(0, 1439) * MIN;
        const r = rng.next();
        const nReviews = r < 0.2 ? 0 : r < 0.6 ? rng.int(1, 3) : r < 0.9 ? rng.int(3, 6) : rng.int(6, 12);
        let sum = 0;
        for (let k = 0; k < nReviews; k++) {
          const rating = rng.weighted(ratingWeights) + 1;
          const lang = rng.chance(0.6) ? 'ar' : 'en';
          sum += rating;
          reviewRows.push({
            product_id: id,
            shop_id: shopId,
            user_id: null,
            customer_name: rng.pick(reviewerNames[lang]),
            rating,
            description: rng.pick(reviewTexts[rating - 1]![lang]),
            created_at: at(rng.int(0, Math.max(0, createdMs - DAY))),
          });
        }
        shopReviews[si]!.sum += sum;
        shopReviews[si]!.count += nReviews;
        const totalSold = nReviews * rng.int(3, 8) + rng.int(0, 25);
        const copy = subCategoryCopy[line.sub] ?? categoryCopy[line.cat]!;
        const features = rng.sample(copy.features, 3);
        const h = escapeXml;
        productRows.push({
          id,
          shop_id: shopId,
          category_id: cat.id,
          sub_category_id: sub.id,
          brand_id: brandId.get(line.brand)!,
          unit_id: unitId.get(line.unit)!,
          name,
          name_ar: nameAr,
          slug,
          short_description: copy.short[0],
          short_description_ar: copy.short[1],
          description:
            `<p><strong>${h(name)}</strong> — ${h(copy.intro[0])}</p>` +
            `<ul>${features.map((f) => `<li>${h(f[0])}</li>`).join('')}</ul>` +
            `<p>Sold and shipped by ${h(shop.name)}, ${h(shop.address)}. Estimated delivery: ${h(shop.eta)}.</p>`,
          description_ar:
            `<p><strong>${h(nameAr)}</strong> — ${h(copy.intro[1])}</p>` +
            `<ul>${features.map((f) => `<li>${h(f[1])}</li>`).join('')}</ul>` +
            `<p>يبيعه ويشحنه ${h(shop.name_ar)}، ${h(shop.address_ar)}. مدة التوصيل المتوقعة: ${h(shop.eta_ar)}.</p>`,
          thumbnail: paths[0]!,
          video_url: null,
          price,
          discount_price: discount,
          quantity: stock,
          total_sold: totalSold,
          rating: nReviews ? Math.round((sum / nReviews) * 100) / 100 : 0,
          total_reviews: nReviews,
          views: totalSold * rng.int(6, 15) + rng.int(20, 400),
          ...productSearchColumns({
            name,
            name_ar: nameAr,
            short_description: copy.short[0],
            short_description_ar: copy.short[1],
            brand,
            category: cat,
            sub_category: sub,
          }),
          list_price: listPriceOf(price, discount),
          is_active: 1,
          meta_title: `${name} | ${shop.name}`.slice(0, 255),
          meta_description: copy.short[0].slice(0, 500),
          meta_keywords: [brand.name, sub.name, cat.name, shop.name].join(', ').slice(0, 500),
          meta_keywords_ar: [brand.name_ar, sub.name_ar, cat.name_ar, shop.name_ar].join('، ').slice(0, 500),
          created_at: at(createdMs),
          updated_at: at(Math.max(0, createdMs - rng.int(0, 2) * DAY)),
        });
      }
    }
  }
  // Two drafts, as a real catalogue has: hidden from the storefront (404 on their details page).
  for (const p of rng.sample(productRows, 2)) p.is_active = 0;

  shopRows.forEach((s, i) => {
    const r = shopReviews[i]!;
    s.total_reviews = r.count;
    s.rating = r.count ? Math.round((r.sum / r.count) * 100) / 100 : 0;
  });

  // --- Flash sales ------------------------------------------------------------------------------
  const saleable = productRows.filter((p) => p.is_active === 1 && (p.quantity ?? 0) > 0 && p.price >= 1500);
  const running = rng.sample(saleable, 12);
  const upcoming = rng.sample(
    saleable.filter((p) => !running.includes(p)),
    10,
  );
  const flashSaleRows: Row<'flash_sales'>[] = [
    {
      id: 1,
      name: 'Weekend Flash Sale',
      name_ar: 'عروض نهاية الأسبوع الخاطفة',
      thumbnail: files.add(
        'flash-sales/1.svg',
        wideSvg(1200, 400, 8, [
          { shape: 'giftbox', tone: naturalTone.giftbox },
          { shape: 'perfume', tone: naturalTone.perfume },
          { shape: 'earbuds', tone: naturalTone.earbuds },
        ]),
      ),
      start_at: at(DAY),
      end_at: at(-3 * DAY),
      is_active: 1,
    },
    {
      id: 2,
      name: 'National Day Sale',
      name_ar: 'تخفيضات العيد الوطني',
      thumbnail: files.add(
        'flash-sales/2.svg',
        wideSvg(
          1200,
          400,
          150,
          [
            { shape: 'khanjar', tone: naturalTone.khanjar },
            { shape: 'dallah', tone: naturalTone.dallah },
            { shape: 'kumma', tone: naturalTone.kumma },
          ],
          { dark: true },
        ),
      ),
      start_at: at(-2 * DAY),
      end_at: at(-6 * DAY),
      is_active: 1,
    },
  ];
  const salePrice = (p: Row<'products'>) => {
    const current = p.discount_price && p.discount_price > 0 ? p.discount_price : p.price;
    const cut = nice(Math.round(current * (0.65 + rng.next() * 0.17)));
    return cut < current ? cut : Math.max(100, current - 100);
  };
  const flashProductRows: Row<'flash_sale_products'>[] = [
    ...running.map((p) => ({ flash_sale_id: 1, product_id: p.id!, price: salePrice(p) })),
    ...upcoming.map((p) => ({ flash_sale_id: 2, product_id: p.id!, price: salePrice(p) })),
  ];

  // --- Vouchers ---------------------------------------------------------------------------------
  const prefixes = ['NIZWA', 'LUBAN', 'HALWA', 'MAJAN', 'LAYALI', 'OUD', 'MANDOOS', 'BAHLA'];
  const perShop = [4, 3, 2, 4, 3, 4, 2, 3];
  const couponRows: Row<'coupons'>[] = [];
  shops.forEach((_s, i) => {
    const p = prefixes[i]!;
    const templates: Row<'coupons'>[] = [
      {
        shop_id: i + 1,
        code: `${p}10`,
        discount_type: 'Percentage',
        discount: 10,
        min_order_amount: 5000,
        max_discount_amount: 5000,
        starts_at: at(30 * DAY),
        expires_at: at(-60 * DAY),
        usage_limit: null,
        used_count: rng.int(5, 80),
        is_active: 1,
        created_at: at(30 * DAY),
      },
      {
        shop_id: i + 1,
        code: `${p}2OFF`,
        discount_type: 'Amount',
        discount: i === 3 ? 5000 : 2000,
        min_order_amount: i === 3 ? 50000 : 15000,
        max_discount_amount: null,
        starts_at: at(10 * DAY),
        expires_at: at(-(20 + i * 3) * DAY),
        usage_limit: 200,
        used_count: rng.int(0, 60),
        is_active: 1,
        created_at: at(10 * DAY),
      },
      {
        shop_id: i + 1,
        code: `${p}EID`,
        discount_type: 'Percentage',
        discount: 20,
        min_order_amount: 10000,
        max_discount_amount: 8000,
        starts_at: at(70 * DAY),
        expires_at: at(40 * DAY),
        usage_limit: 100,
        used_count: rng.int(40, 100),
        is_active: 1,
        created_at: at(70 * DAY),
      },
      {
        shop_id: i + 1,
        code: `WELCOME${p}`,
        discount_type: 'Amount',
        discount: 1000,
        min_order_amount: 3000,
        max_discount_amount: null,
        starts_at: null,
        expires_at: at(-90 * DAY),
        usage_limit: null,
        used_count: rng.int(10, 150),
        is_active: 1,
        created_at: at(90 * DAY),
      },
    ];
    couponRows.push(...templates.slice(0, perShop[i]));
  });

  // --- Content ----------------------------------------------------------------------------------
  const bannerRows: Row<'banners'>[] = banners.map((b, i) => ({
    id: i + 1,
    title: b.title,
    title_ar: b.title_ar,
    thumbnail: files.add(
      `banners/${i + 1}.svg`,
      b.placement === 'home'
        ? wideSvg(
            1600,
            600,
            b.hue,
            b.shapes.map((shape) => ({ shape, tone: naturalTone[shape] })),
            { dark: b.dark },
          )
        : wideSvg(
            1200,
            600,
            b.hue,
            b.shapes.map((shape) => ({ shape, tone: naturalTone[shape] })),
            { dark: b.dark },
          ),
    ),
    url: b.url,
    placement: b.placement,
    sort: i,
    is_active: 1,
  }));
  const blogCategoryRows: Row<'blog_categories'>[] = blogCategories.map((c, i) => ({ id: i + 1, ...c, sort: i }));
  const blogRows: Row<'blogs'>[] = blogs.map((b, i) => ({
    id: i + 1,
    blog_category_id: blogCategories.findIndex((c) => c.slug === b.category) + 1,
    title: b.title,
    title_ar: b.title_ar,
    slug: b.slug,
    thumbnail: files.add(
      `blogs/${b.slug}.svg`,
      wideSvg(
        1200,
        675,
        b.hue,
        b.shapes.map((shape) => ({ shape, tone: naturalTone[shape] })),
        { side: 'start' },
      ),
    ),
    // Sanitised on write, as every article is (and again when read).
    description: sanitizeRichText(b.body),
    description_ar: sanitizeRichText(b.body_ar),
    post_by: b.post_by,
    post_by_ar: b.post_by_ar,
    total_views: b.views,
    is_active: 1,
    created_at: at(b.daysAgo * DAY + 9 * 60 * MIN),
  }));
  const legalRows: Row<'legal_pages'>[] = legalPages.map((p, i) => ({
    id: i + 1,
    slug: p.slug,
    title: p.title,
    title_ar: p.title_ar,
    description: sanitizeRichText(p.body),
    description_ar: sanitizeRichText(p.body_ar),
    updated_at: at(60 * DAY),
  }));

  // --- Accounts ---------------------------------------------------------------------------------
  const [customerHash, ...sellerHashes] = await hashing;
  const userRows: Row<'users'>[] = [
    {
      id: 1,
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      phone_code: DEMO_CUSTOMER.phone_code,
      country: 'Oman',
      password_hash: customerHash!,
      profile_photo: files.add('users/1.svg', avatarSvg('SA', 175)),
      gender: 'male',
      date_of_birth: '1990-04-12',
      phone_verified_at: at(200 * DAY),
      email_verified_at: at(200 * DAY),
      last_online_at: at(2 * 60 * MIN),
      is_active: 1,
      created_at: at(200 * DAY),
      updated_at: at(30 * DAY),
    },
  ];
  const sellerRows: Row<'shop_users'>[] = shops.map((s, i) => ({
    id: i + 1,
    shop_id: i + 1,
    name: s.seller.name,
    email: DEMO_SELLERS[i]!.email,
    phone: s.seller.phone,
    password_hash: sellerHashes[i]!,
    last_online_at: at(s.lastSeenMin * MIN),
    is_active: 1,
    created_at: shopRows[i]!.created_at,
  }));

  // --- Write ------------------------------------------------------------------------------------
  const built = Date.now();
  const writing = files.flush();
  const plan: [keyof Tables & string, readonly object[]][] = [
    ['users', userRows],
    ['shops', shopRows],
    ['shop_users', sellerRows],
    ['shop_banners', shopBannerRows],
    ['categories', categoryRows],
    ['sub_categories', subRows],
    ['brands', brandRows],
    ['colors', colorRows],
    ['sizes', sizeRows],
    ['units', unitRows],
    ['products', productRows],
    ['product_images', imageRows],
    ['product_colors', productColorRows],
    ['product_sizes', productSizeRows],
    ['flash_sales', flashSaleRows],
    ['flash_sale_products', flashProductRows],
    ['coupons', couponRows],
    ['reviews', reviewRows],
    ['banners', bannerRows],
    ['blog_categories', blogCategoryRows],
    ['blogs', blogRows],
    ['legal_pages', legalRows],
  ];
  for (const [table, rows] of plan) await insertAll(db, table, rows);
  if (dialect === 'postgres') {
    // Rows were inserted with explicit ids: move every serial sequence past them.
    for (const [table] of plan) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.table(table)}))`.execute(
        db,
      );
    }
  }
  await writing;

  const counts = Object.fromEntries(plan.map(([t, rows]) => [t, rows.length]));
  ctx.log.info(
    `catalogue seeded in ${Date.now() - started} ms (build ${built - started} ms, ${files.size} files): ${JSON.stringify(counts)}`,
  );
}
