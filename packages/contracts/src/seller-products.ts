import { z } from 'zod';
import { envelope, getQuery } from './common';
import { cleanText, fieldLabel } from './text';

// ---------------------------------------------------------------------------------------------------
// Seller centre: a shop's own products (BACKOFFICE.md "Seller centre"). Money: numbers in the default
// currency with its decimals (OMR: 3), stored as integer minor units; the API refuses more decimals than
// the currency has (422). Every call is the signed-in seller's shop only: another shop's ids are 404.
// ---------------------------------------------------------------------------------------------------

// The plain constants live in constants.ts (zod-free, so the browser may import them); re-exported here.
import { MONEY_DECIMALS, MONEY_MAX, PRODUCT_IMAGES_MAX } from './constants';
export {
  LOW_STOCK_AT,
  MONEY_DECIMALS,
  MONEY_MAX,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_PIXELS,
  PRODUCT_IMAGES_MAX,
} from './constants';
const MINOR = 10 ** MONEY_DECIMALS;

/** An amount sent in major units as minor units (1.25 → 1250); exact for what moneyInput accepts. */
export const toMinorUnits = (amount: number): number => Math.round(amount * MINOR);

/**
 * An amount of money sent by the back office: a finite number from 0 to MONEY_MAX with at most
 * MONEY_DECIMALS decimals (1.2345 is a 422, never silently rounded).
 */
export const moneyInput = (field: string) =>
  z
    .number({ error: `The ${fieldLabel(field)} field must be a number.` })
    .min(0, `The ${fieldLabel(field)} field must be at least 0.`)
    .max(MONEY_MAX, `The ${fieldLabel(field)} field must not be greater than ${MONEY_MAX}.`)
    .refine(
      (v) => Math.abs(v * MINOR - Math.round(v * MINOR)) < 1e-6,
      `The ${fieldLabel(field)} field must have at most ${MONEY_DECIMALS} decimals.`,
    );

const idInput = (field: string) =>
  z
    .number({ error: `The ${fieldLabel(field)} field must be an integer.` })
    .int(`The ${fieldLabel(field)} field must be an integer.`)
    .positive(`The selected ${fieldLabel(field)} is invalid.`)
    .max(2_147_483_647, `The selected ${fieldLabel(field)} is invalid.`);

/** Single-line text of at most `max` characters; `null` clears it (where it may be empty). */
const line = (field: string, max: number) =>
  cleanText(fieldLabel(field), z.string({ error: `The ${fieldLabel(field)} field must be a string.` })).max(
    max,
    `The ${fieldLabel(field)} field must not be greater than ${max} characters.`,
  );

// eslint-disable-next-line no-control-regex
const HTML_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Rich text (HTML kept through the articles' allow-list on the server); tabs and line breaks allowed, other controls 422. */
const html = (field: string) =>
  z
    .string({ error: `The ${fieldLabel(field)} field must be a string.` })
    .max(100_000, `The ${fieldLabel(field)} field must not be greater than 100000 characters.`)
    .refine((s) => !HTML_CONTROL.test(s), `The ${fieldLabel(field)} field must not contain control characters.`);

const variantInput = (field: string) =>
  z
    .array(z.object({ id: idInput('id'), price: moneyInput('price') }), {
      error: `The ${fieldLabel(field)} field must be a list.`,
    })
    .max(50, `The ${fieldLabel(field)} field must not have more than 50 items.`)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, `The ${fieldLabel(field)} field has a duplicate.`);

/**
 * The fields of a product as a seller writes them. On create, `name`, `name_ar`, `category_id`, `price`
 * are required; a PUT changes only the fields it sends; `null` clears a field that may be empty and is a
 * 422 on one that may not (names, category, price, quantity, is_active).
 */
export const sellerProductFields = z.object({
  name: line('name', 190).min(1, 'The name field is required.'),
  name_ar: line('name_ar', 190).min(1, 'The name ar field is required.'),
  short_description: line('short_description', 500).nullable(),
  short_description_ar: line('short_description_ar', 500).nullable(),
  description: html('description').nullable(),
  description_ar: html('description_ar').nullable(),
  category_id: idInput('category_id'),
  sub_category_id: idInput('sub_category_id').nullable(),
  brand_id: idInput('brand_id').nullable(),
  unit_id: idInput('unit_id').nullable(),
  price: moneyInput('price').refine((v) => v > 0, 'The price field must be greater than 0.'),
  /** 0 = no discount; else below `price`. */
  discount_price: moneyInput('discount_price'),
  quantity: z
    .number({ error: 'The quantity field must be an integer.' })
    .int('The quantity field must be an integer.')
    .min(0, 'The quantity field must be at least 0.')
    .max(1_000_000, 'The quantity field must not be greater than 1000000.'),
  colors: variantInput('colors'),
  sizes: variantInput('sizes'),
  /** YouTube or Vimeo only. */
  video_url: line('video_url', 500)
    .refine(
      (v) => v === '' || /^https:\/\/(www\.)?(youtube\.com|youtu\.be|m\.youtube\.com|vimeo\.com|player\.vimeo\.com)\//i.test(v),
      'The video url must be a YouTube or Vimeo address.',
    )
    .nullable(),
  meta_title: line('meta_title', 190).nullable(),
  meta_description: line('meta_description', 500).nullable(),
  meta_keywords: line('meta_keywords', 500).nullable(),
  is_active: z.boolean({ error: 'The is active field must be true or false.' }),
});

export const sellerProductCreateBody = sellerProductFields.partial().required({
  name: true,
  name_ar: true,
  category_id: true,
  price: true,
});
export type SellerProductCreateBody = z.infer<typeof sellerProductCreateBody>;

/** A PUT: any subset of the fields (an empty body changes nothing and answers the product). */
export const sellerProductUpdateBody = sellerProductFields.partial();
export type SellerProductUpdateBody = z.infer<typeof sellerProductUpdateBody>;

export const sellerProductIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const sellerProductImageParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  imageId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const sellerProductImageSchema = z.object({ id: z.number().int(), url: z.string() });
export type SellerProductImage = z.infer<typeof sellerProductImageSchema>;

/** The seller's view of one product: every writable field, and what the server keeps. */
export const sellerProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_ar: z.string(),
  short_description: z.string().nullable(),
  short_description_ar: z.string().nullable(),
  description: z.string().nullable(),
  description_ar: z.string().nullable(),
  category_id: z.number().int(),
  sub_category_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  price: z.number(),
  discount_price: z.number(),
  quantity: z.number().int(),
  colors: z.array(z.object({ id: z.number().int(), price: z.number() })),
  sizes: z.array(z.object({ id: z.number().int(), price: z.number() })),
  video_url: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  is_active: z.boolean(),
  thumbnail: z.string().nullable(),
  images: z.array(sellerProductImageSchema),
  total_sold: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SellerProduct = z.infer<typeof sellerProductSchema>;
export const sellerProductResponseSchema = envelope(z.object({ product: sellerProductSchema }));

export const sellerProductsQuery = getQuery(
  z.object({
    search: cleanText('search').max(100, 'The search field must not be greater than 100 characters.').optional(),
    status: z.enum(['active', 'inactive', 'all'], { error: 'The selected status is invalid.' }).optional(),
    category_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    page: z.coerce.number().int().min(1).max(100000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
  }),
);
export type SellerProductsQuery = z.infer<typeof sellerProductsQuery>;

export const sellerProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  thumbnail: z.string().nullable(),
  price: z.number(),
  discount_price: z.number(),
  quantity: z.number().int(),
  is_active: z.boolean(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  total_sold: z.number().int(),
  updated_at: z.string(),
});
export type SellerProductRow = z.infer<typeof sellerProductRowSchema>;
export const sellerProductsResponseSchema = envelope(
  z.object({ total: z.number().int(), products: z.array(sellerProductRowSchema) }),
);

export const sellerProductImagesResponseSchema = envelope(z.object({ images: z.array(sellerProductImageSchema) }));
/** PUT /api/seller/products/{id}/images: every picture's id, in the new order (exactly the product's pictures). */
export const sellerProductImagesOrderBody = z.object({
  ids: z
    .array(z.number({ error: 'The ids field must hold picture ids.' }).int('The ids field must hold picture ids.').positive().max(2_147_483_647), {
      error: 'The ids field must be a list.',
    })
    .max(PRODUCT_IMAGES_MAX, `The ids field must not have more than ${PRODUCT_IMAGES_MAX} items.`),
});
export type SellerProductImagesOrderBody = z.infer<typeof sellerProductImagesOrderBody>;

// Catalogue options for the product form.
const named = z.object({ id: z.number().int(), name: z.string() });
export const sellerCatalogOptionsResponseSchema = envelope(
  z.object({
    categories: z.array(named.extend({ sub_categories: z.array(named) })),
    brands: z.array(named),
    colors: z.array(named.extend({ color_code: z.string() })),
    sizes: z.array(named),
    units: z.array(named),
  }),
);
export type SellerCatalogOptions = z.infer<typeof sellerCatalogOptionsResponseSchema>['data'];
