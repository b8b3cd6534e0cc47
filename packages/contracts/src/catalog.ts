import { z } from 'zod';
import { envelope, getQuery } from './common';
import { cleanText } from './text';
import { FLASH_SALE_PRODUCTS_PER_PAGE, HOME_FEED_PER_PAGE, REVIEWS_PER_PAGE, SHOPS_PER_PAGE } from './constants';
import {
  parseProductQuery,
  PRODUCT_QUERY_DEFAULTS,
  PRODUCT_QUERY_KEYS,
  type ProductQuery,
  type ProductQueryKey,
} from './product-query';

/**
 * Query-string integers: digits only (no sign, no decimals, no blanks), with messages the UI can show.
 * Query values arrive as strings; a repeated parameter arrives as an array and is refused.
 */
export const queryInt = (label: string, { min = 1, max = 1_000_000_000 }: { min?: number; max?: number } = {}) =>
  z
    .string({
      error: (iss) => (iss.input === undefined ? `The ${label} field is required.` : `The ${label} must be an integer.`),
    })
    .regex(/^\d{1,10}$/, `The ${label} must be an integer.`)
    .transform(Number)
    .pipe(z.number().min(min, `The ${label} must be at least ${min}.`).max(max, `The ${label} may not be greater than ${max}.`));

/** `page` (1-based) and `per_page` (1-100) of a list; both optional. */
export const listQuery = (defaultPerPage = 20) =>
  z.object({
    page: queryInt('page', { max: 100_000 }).optional().default(1),
    per_page: queryInt('per page', { max: 100 }).optional().default(defaultPerPage),
  });

export const CATEGORIES_PER_PAGE = 20;

const categoriesQuery = listQuery(CATEGORIES_PER_PAGE);
export const categoriesQuerySchema = getQuery(categoriesQuery);
export type CategoriesQuery = z.input<typeof categoriesQuery>;

const subCategoriesQuery = z.object({ category_id: queryInt('category id') });
export const subCategoriesQuerySchema = getQuery(subCategoriesQuery);
export type SubCategoriesQuery = z.input<typeof subCategoriesQuery>;

export const subCategorySchema = z.object({
  id: z.number().int(),
  /** In the request's language (Arabic falls back to English). */
  name: z.string(),
  thumbnail: z.string().nullable(),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** In the request's language (Arabic falls back to English). */
  name: z.string(),
  /** The Arabic name as stored (kept for clients that pick the language themselves). */
  name_ar: z.string().nullable(),
  thumbnail: z.string().nullable(),
  sub_categories: z.array(subCategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesResponseSchema = envelope(z.object({ total: z.number().int(), categories: z.array(categorySchema) }));
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

/**
 * GET /categories/{slugOrId}: one active category by its slug, or by its id (digits: the form the shop's
 * earlier web client and links shared from it use).
 */
export const categoryParamsSchema = z.object({ slugOrId: z.string().min(1).max(190) });
export const categoryResponseSchema = envelope(z.object({ category: categorySchema }));
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;

export const subCategoriesResponseSchema = envelope(z.object({ sub_categories: z.array(subCategorySchema) }));
export type SubCategoriesResponse = z.infer<typeof subCategoriesResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Products, shops, reviews, flash sales, home (issue 3). Money: numbers in the default currency with its
// decimals (OMR: 3), computed from integer baisa on the server.
// ---------------------------------------------------------------------------------------------------

/** The query as it arrives: each parameter a single string (a repeated one is refused). */
const productsQueryInput = z.object(
  Object.fromEntries(
    PRODUCT_QUERY_KEYS.map((k) => [k, z.string({ error: `The ${k.replace(/_/g, ' ')} must be a single value.` }).optional()]),
  ) as { [K in ProductQueryKey]: z.ZodOptional<z.ZodString> },
);

/** GET /products: read by the one product-query parser (product-query.ts) the storefront's list pages use too. */
export const productsQuerySchema = getQuery(productsQueryInput).transform((raw, ctx) => {
  const { query, errors } = parseProductQuery(raw);
  for (const [key, messages] of Object.entries(errors))
    for (const message of messages) ctx.issues.push({ code: 'custom', path: [key], message, input: raw[key as ProductQueryKey] });
  return { ...PRODUCT_QUERY_DEFAULTS, ...query } as ProductsFilter;
});
export type ProductsQuery = z.input<typeof productsQueryInput>;
export type ProductsFilter = ProductQuery & Required<Pick<ProductQuery, 'page' | 'per_page' | 'sort_type'>>;

export const productShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  rating: z.number(),
  estimated_delivery_time: z.string().nullable(),
  last_online: z.string().nullable(),
  /**
   * What delivery costs for this one item from this shop: the shop's charge, 0 when the item alone reaches
   * its free-delivery amount (the original web client shows it on cards and the product page).
   */
  delivery_charge: z.number(),
});

export const productSizeSchema = z.object({ id: z.number().int(), name: z.string(), price: z.number() });
export const productColorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color_code: z.string(),
  price: z.number(),
});

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  /** Regular price. */
  price: z.number(),
  /** The price to pay when lower than `price` (flash sale, else discount); 0 when there is none. */
  discount_price: z.number(),
  /** Whole percent off `price`; 0 when there is no discount. */
  discount_percentage: z.number().int(),
  rating: z.number(),
  total_reviews: z.number().int(),
  total_sold: z.number().int(),
  /** Stock on hand. */
  quantity: z.number().int(),
  is_favorite: z.boolean(),
  brand: z.string().nullable(),
  unit: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sizes: z.array(productSizeSchema),
  colors: z.array(productColorSchema),
  shop: productShopSchema,
  /** Category and sub-category ids (used by breadcrumbs and "related"). */
  category_id: z.number().int(),
  sub_category_id: z.number().int().nullable(),
});
export type Product = z.infer<typeof productSchema>;

export const namedOption = z.object({ id: z.number().int(), name: z.string() });
export const productFiltersSchema = z.object({
  sizes: z.array(namedOption),
  colors: z.array(namedOption.extend({ color_code: z.string() })),
  brands: z.array(namedOption),
  /** Lowest and highest effective price among the matches (0 when none match). */
  min_price: z.number(),
  max_price: z.number(),
  /**
   * The same bounds as whole numbers (the lowest rounded down, the highest up), as the original web
   * client's price slider steps them (decision 024, issue 42); ours read the exact pair above.
   */
  min_price_int: z.number().int(),
  max_price_int: z.number().int(),
});
export type ProductFilters = z.infer<typeof productFiltersSchema>;

export const productsResponseSchema = envelope(
  z.object({ total: z.number().int(), products: z.array(productSchema), filters: productFiltersSchema }),
);
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

export const flashSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
});
export type FlashSale = z.infer<typeof flashSaleSchema>;

export const flashSaleWithProductsSchema = flashSaleSchema.extend({ products: z.array(productSchema) });
export type FlashSaleWithProducts = z.infer<typeof flashSaleWithProductsSchema>;

export const productDetailsQuerySchema = getQuery(z.object({ product_id: queryInt('product id') }));

export const productDetailSchema = productSchema.extend({
  slug: z.string(),
  /** Plain text; empty when there is none (never null: the original client calls string methods on it). */
  short_description: z.string(),
  /** Sanitised HTML. */
  description: z.string().nullable(),
  thumbnails: z.array(
    z.object({ id: z.number().int(), thumbnail: z.string(), url: z.string(), type: z.enum(['image', 'video']) }),
  ),
  flash_sale: flashSaleSchema.nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  /** Comma-separated keywords in the request's language; may be empty. */
  meta_keywords: z.string(),
  /** `is_active` false: switched off by the operators; its products stay listed, it has no page (decision 049). */
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), is_active: z.boolean() }),
  sub_category: namedOption.nullable(),
  /** Whether the product can be ordered now (active, quantity > 0 and its shop open). */
  in_stock: z.boolean(),
  /** False while the seller has closed the shop (issue 36). */
  shop_open: z.boolean(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productDetailsResponseSchema = envelope(
  z.object({
    product: productDetailSchema,
    related_products: z.array(productSchema),
    popular_products: z.array(productSchema),
  }),
);
export type ProductDetailsResponse = z.infer<typeof productDetailsResponseSchema>;

export const reviewsQuerySchema = getQuery(
  listQuery(REVIEWS_PER_PAGE)
    .extend({ product_id: queryInt('product id').optional(), shop_id: queryInt('shop id').optional() })
    .refine((q) => (q.product_id === undefined) !== (q.shop_id === undefined), {
      path: ['product_id'],
      message: 'Either the product id or the shop id field is required.',
    }),
);

export const reviewSchema = z.object({
  id: z.number().int(),
  customer_name: z.string(),
  /** The reviewer's photo, or the default avatar (DEFAULT_AVATAR_URL) when there is none. */
  customer_profile: z.string(),
  rating: z.number().int(),
  description: z.string().nullable(),
  /** Display date in the request's language, Oman time: "21 Nov 2026", "21 نوفمبر 2026". */
  created_at: z.string(),
  /** The instant (ISO 8601), for clients that format dates themselves. */
  created_at_iso: z.string(),
  /** The shop's answer (plain text, may hold line breaks), or null (issue 36). */
  reply: z.string().nullable(),
  /** When the shop answered (ISO 8601), or null. */
  replied_at: z.string().nullable(),
  /** The customer's photos (issue 39): up to three picture URLs, none for most. */
  photos: z.array(z.string()),
});
export type Review = z.infer<typeof reviewSchema>;

export const ratingSummarySchema = z.object({
  /** Average rating 0-5 with two decimals. */
  rating: z.number(),
  total_review: z.number().int(),
  /** Share of each star value in whole percent, keys "1".."5". */
  percentages: z.record(z.string(), z.number()),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewsResponseSchema = envelope(
  z.object({ average_rating_percentage: ratingSummarySchema, total: z.number().int(), reviews: z.array(reviewSchema) }),
);
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

export const shopsQuerySchema = getQuery(
  listQuery(SHOPS_PER_PAGE).extend({
    search: cleanText('search').max(100, 'The search may not be greater than 100 characters.').optional(),
  }),
);

export const shopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  total_products: z.number().int(),
  total_categories: z.number().int(),
  rating: z.number(),
  shop_status: z.enum(['Online', 'Offline']),
  total_reviews: z.number().int(),
  estimated_delivery_time: z.string().nullable(),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopBannerSchema = z.object({ id: z.number().int(), title: z.string(), thumbnail: z.string() });
export type ShopBanner = z.infer<typeof shopBannerSchema>;

export const shopDetailSchema = shopSchema.extend({
  short_description: z.string().nullable(),
  /** Sanitised HTML. */
  description: z.string().nullable(),
  /** The shop's banners in display order (like the home page's). */
  banners: z.array(shopBannerSchema),
  address: z.string().nullable(),
  last_online: z.string().nullable(),
  /** False while the seller has closed the shop: it stays listed, but nothing of it can be ordered (issue 36). */
  is_open: z.boolean(),
});
export type ShopDetail = z.infer<typeof shopDetailSchema>;

export const shopsResponseSchema = envelope(z.object({ total: z.number().int(), shops: z.array(shopSchema) }));
export type ShopsResponse = z.infer<typeof shopsResponseSchema>;
export const topShopsResponseSchema = envelope(z.object({ shops: z.array(shopSchema) }));
export const shopParamsSchema = z.object({ id: queryInt('shop id') });
export const shopDetailResponseSchema = envelope(z.object({ shop: shopDetailSchema }));
export type ShopDetailResponse = z.infer<typeof shopDetailResponseSchema>;

export const shopCategoriesQuerySchema = getQuery(z.object({ shop_id: queryInt('shop id') }));

/** GET /shops/popular-products?product_id=: the most popular other products of that product's shop. */
export const shopPopularProductsQuerySchema = getQuery(z.object({ product_id: queryInt('product id') }));
export const shopPopularProductsResponseSchema = envelope(z.object({ products: z.array(productSchema) }));
export const shopCategoriesResponseSchema = envelope(
  z.object({
    categories: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        thumbnail: z.string().nullable(),
        total_products: z.number().int(),
      }),
    ),
  }),
);
export type ShopCategoriesResponse = z.infer<typeof shopCategoriesResponseSchema>;

export const flashSalesResponseSchema = envelope(
  z.object({ incoming_flash_sale: flashSaleSchema.nullable(), running_flash_sale: flashSaleWithProductsSchema.nullable() }),
);
export type FlashSalesResponse = z.infer<typeof flashSalesResponseSchema>;

export const flashSaleParamsSchema = z.object({ id: queryInt('flash sale id') });
export const flashSaleDetailsQuerySchema = getQuery(
  listQuery(FLASH_SALE_PRODUCTS_PER_PAGE).extend({ category_id: queryInt('category id').optional() }),
);
export const flashSaleDetailsResponseSchema = envelope(
  z.object({
    total_products: z.number().int(),
    flash_sale: flashSaleSchema.extend({ status: z.enum(['upcoming', 'running', 'ended']) }),
    products: z.array(productSchema),
  }),
);
export type FlashSaleDetailsResponse = z.infer<typeof flashSaleDetailsResponseSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail: z.string(),
  url: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const homeQuerySchema = getQuery(listQuery(HOME_FEED_PER_PAGE));
export const homeResponseSchema = envelope(
  z.object({
    banners: z.array(bannerSchema),
    ads: z.array(bannerSchema),
    categories: z.array(categorySchema),
    shops: z.array(shopSchema),
    popular_products: z.array(productSchema),
    just_for_you: z.object({ total: z.number().int(), products: z.array(productSchema) }),
    incoming_flash_sale: flashSaleSchema.nullable(),
    running_flash_sale: flashSaleWithProductsSchema.nullable(),
  }),
);
export type HomeResponse = z.infer<typeof homeResponseSchema>;

export const recentlyViewedResponseSchema = envelope(z.object({ products: z.array(productSchema) }));
export type RecentlyViewedResponse = z.infer<typeof recentlyViewedResponseSchema>;
