import { z } from 'zod';
import { envelope, getQuery } from './common';
import { cleanText, fieldLabel } from './text';

// ---------------------------------------------------------------------------------------------------
// The operator console's content and flash sales (BACKOFFICE.md "Operator console": Content, Flash
// sales). Every route takes an operator's token only; every write is in the audit log.
//
// Blog categories
// - GET /api/admin/blog-categories → {total, blog_categories} (display order; every category, on or off).
// - POST → 201 {blog_category}; PUT /{id} → {blog_category} (the fields sent only); DELETE /{id} → 204,
//   or 409 when a post is in it (switch it off instead: an inactive category and its posts leave the
//   storefront's blog).
// Blog posts
// - GET /api/admin/blogs?search&category_id&page&per_page → {total, blogs}, newest first (on and off).
// - GET /api/admin/blogs/{id} → {blog}; POST → 201 {blog}; PUT /{id} → {blog}; DELETE /{id} → 204.
// - A write is JSON, or multipart/form-data with the same fields as text and the file `thumbnail`
//   (JPEG, PNG or WebP, at most 5 MB; stored as WebP). `description`/`description_ar` are HTML kept
//   through the rich-text allow-list (rich-text.ts): a script, style, event handler or javascript: link
//   is removed; a description with nothing left is a 422.
// - The slug is made from the English title when not sent (unique: a suffix when taken); a slug sent
//   is lower-case letters, digits and dashes, and a taken one is a 422.
// Legal pages
// - GET /api/admin/legal-pages → {legal_pages}; PUT /api/admin/legal-pages/{slug} → {legal_page}.
// Flash sales
// - GET /api/admin/flash-sales?page&per_page → {total, flash_sales}, newest start first.
// - GET /api/admin/flash-sales/{id} → {flash_sale} with its products; POST → 201; PUT /{id}; DELETE /{id}
//   → 204 (its products leave it with it). Multipart like the posts (`thumbnail`). ends_at after
//   starts_at (422 on ends_at).
// - DELETE /api/admin/flash-sales/{id}/products/{product_id} → 204: the operator takes a product out
//   of the sale at any time (a seller may only before it starts).
// ---------------------------------------------------------------------------------------------------

export { ADMIN_CONTENT_PER_PAGE } from './constants';
/** The longest article accepted (characters of HTML, before sanitising). */
export const RICH_TEXT_MAX = 100_000;
/** A thumbnail's largest upload. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const required = (field: string) => `The ${fieldLabel(field)} field is required.`;

const text = (field: string, max: number) =>
  cleanText(fieldLabel(field), z.string({ error: `The ${fieldLabel(field)} field must be a string.` }))
    .min(1, required(field))
    .max(max, `The ${fieldLabel(field)} field must not be greater than ${max} characters.`);

/** An optional second-language text: empty is none (null). */
const optionalText = (field: string, max: number) =>
  cleanText(fieldLabel(field), z.string({ error: `The ${fieldLabel(field)} field must be a string.` }))
    .max(max, `The ${fieldLabel(field)} field must not be greater than ${max} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** HTML of an article: any string here, the allow-list on the server decides what stays. */
const html = (field: string) =>
  z
    .string({ error: `The ${fieldLabel(field)} field must be a string.` })
    .max(RICH_TEXT_MAX, `The ${fieldLabel(field)} field must not be greater than ${RICH_TEXT_MAX} characters.`);

const slug = z
  .string({ error: 'The slug field must be a string.' })
  .trim()
  .toLowerCase()
  .max(190, 'The slug field must not be greater than 190 characters.')
  .refine((v) => v === '' || CONTENT_SLUG_PATTERN.test(v), 'The slug may only contain letters, digits and dashes.')
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = (field: string) => z.boolean({ error: `The ${fieldLabel(field)} field must be true or false.` });
const id = (field: string) =>
  z
    .number({ error: `The ${fieldLabel(field)} field must be an integer.` })
    .int(`The ${fieldLabel(field)} field must be an integer.`)
    .min(1, `The selected ${fieldLabel(field)} is invalid.`)
    .max(2_147_483_647, `The selected ${fieldLabel(field)} is invalid.`);

/** A moment with its time zone (ISO 8601), answered in UTC ('…Z'). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const moment = (field: string) =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? required(field)
          : `The ${fieldLabel(field)} field must be a date and time.`,
    })
    .max(40, `The ${fieldLabel(field)} field must be a date and time.`)
    .refine((v) => ISO_MOMENT.test(v) && !Number.isNaN(Date.parse(v)), `The ${fieldLabel(field)} field must be a date and time.`)
    .transform((v) => new Date(Date.parse(v)).toISOString());

const listQuery = getQuery(
  z.object({
    page: z.coerce.number().int().min(1).max(100000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
  }),
);

// --- Blog categories --------------------------------------------------------------------------------

export const adminBlogCategoryFields = z.object({
  name: text('name', 150),
  name_ar: optionalText('name_ar', 150),
  slug,
  sort: z
    .number({ error: 'The sort field must be an integer.' })
    .int('The sort field must be an integer.')
    .min(0, 'The sort field must be at least 0.')
    .max(100000, 'The sort field must not be greater than 100000.'),
  is_active: flag('is_active'),
});
export const adminBlogCategoryCreateBody = adminBlogCategoryFields.partial().extend({
  name: adminBlogCategoryFields.shape.name.optional().nonoptional(required('name')),
});
export const adminBlogCategoryUpdateBody = adminBlogCategoryFields.partial();
export type AdminBlogCategoryBody = z.input<typeof adminBlogCategoryUpdateBody>;

export const adminBlogCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  slug: z.string(),
  sort: z.number().int(),
  is_active: z.boolean(),
  /** Posts in it, on or off. */
  total_blogs: z.number().int(),
});
export type AdminBlogCategory = z.infer<typeof adminBlogCategorySchema>;
export const adminBlogCategoryResponseSchema = envelope(z.object({ blog_category: adminBlogCategorySchema }));
export const adminBlogCategoriesResponseSchema = envelope(
  z.object({ total: z.number().int(), blog_categories: z.array(adminBlogCategorySchema) }),
);
export type AdminBlogCategories = z.infer<typeof adminBlogCategoriesResponseSchema>['data'];

// --- Blog posts -------------------------------------------------------------------------------------

export const adminBlogFields = z.object({
  title: text('title', 255),
  title_ar: optionalText('title_ar', 255),
  slug,
  category_id: id('category_id'),
  description: html('description'),
  description_ar: html('description_ar').nullable(),
  /** The author's name as shown; the operator's name when a new post does not say. */
  post_by: text('post_by', 150),
  post_by_ar: optionalText('post_by_ar', 150),
  is_active: flag('is_active'),
});
const bf = adminBlogFields.shape;
export const adminBlogCreateBody = adminBlogFields.partial().extend({
  title: bf.title.optional().nonoptional(required('title')),
  category_id: bf.category_id.optional().nonoptional(required('category_id')),
  description: bf.description.optional().nonoptional(required('description')),
});
export const adminBlogUpdateBody = adminBlogFields.partial();
export type AdminBlogBody = z.input<typeof adminBlogUpdateBody>;

export const adminBlogsQuery = getQuery(
  z.object({
    search: z.string().trim().max(100).optional(),
    category_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    page: z.coerce.number().int().min(1).max(100000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
  }),
);

export const adminBlogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_ar: z.string().nullable(),
  slug: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), name_ar: z.string().nullable() }),
  thumbnail: z.string().nullable(),
  /** Sanitised HTML. */
  description: z.string(),
  description_ar: z.string().nullable(),
  post_by: z.string(),
  post_by_ar: z.string().nullable(),
  is_active: z.boolean(),
  total_views: z.number().int(),
  created_at: z.string(),
});
export type AdminBlog = z.infer<typeof adminBlogSchema>;
export const adminBlogResponseSchema = envelope(z.object({ blog: adminBlogSchema }));
export const adminBlogsResponseSchema = envelope(z.object({ total: z.number().int(), blogs: z.array(adminBlogSchema) }));
export type AdminBlogs = z.infer<typeof adminBlogsResponseSchema>['data'];

// --- Legal pages ------------------------------------------------------------------------------------

export const adminLegalPageBody = z.object({
  title: text('title', 255).optional(),
  title_ar: optionalText('title_ar', 255).optional(),
  description: html('description').optional(),
  description_ar: html('description_ar').nullable().optional(),
});
export type AdminLegalPageBody = z.input<typeof adminLegalPageBody>;

export const adminLegalPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  title_ar: z.string().nullable(),
  description: z.string(),
  description_ar: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminLegalPage = z.infer<typeof adminLegalPageSchema>;
export const adminLegalPageResponseSchema = envelope(z.object({ legal_page: adminLegalPageSchema }));
export const adminLegalPagesResponseSchema = envelope(z.object({ legal_pages: z.array(adminLegalPageSchema) }));

// --- Flash sales ------------------------------------------------------------------------------------

export const adminFlashSaleFields = z.object({
  name: text('name', 150),
  name_ar: optionalText('name_ar', 150),
  starts_at: moment('starts_at'),
  ends_at: moment('ends_at'),
  is_active: flag('is_active'),
});
const ff = adminFlashSaleFields.shape;
export const adminFlashSaleCreateBody = adminFlashSaleFields.partial().extend({
  name: ff.name.optional().nonoptional(required('name')),
  starts_at: ff.starts_at.optional().nonoptional(required('starts_at')),
  ends_at: ff.ends_at.optional().nonoptional(required('ends_at')),
});
export const adminFlashSaleUpdateBody = adminFlashSaleFields.partial();
export type AdminFlashSaleBody = z.input<typeof adminFlashSaleUpdateBody>;
export const adminFlashSalesQuery = listQuery;

export const adminFlashSaleStatuses = ['running', 'upcoming', 'ended', 'inactive'] as const;

export const adminFlashSaleProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  thumbnail: z.string().nullable(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  /** The product's own price and its price in the sale (OMR). */
  price: z.number(),
  sale_price: z.number(),
});
export type AdminFlashSaleProduct = z.infer<typeof adminFlashSaleProductSchema>;

export const adminFlashSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  thumbnail: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  is_active: z.boolean(),
  status: z.enum(adminFlashSaleStatuses),
  products_count: z.number().int(),
});
export type AdminFlashSale = z.infer<typeof adminFlashSaleSchema>;
export const adminFlashSaleDetailSchema = adminFlashSaleSchema.extend({ products: z.array(adminFlashSaleProductSchema) });
export type AdminFlashSaleDetail = z.infer<typeof adminFlashSaleDetailSchema>;
export const adminFlashSaleResponseSchema = envelope(z.object({ flash_sale: adminFlashSaleDetailSchema }));
export const adminFlashSalesResponseSchema = envelope(
  z.object({ total: z.number().int(), flash_sales: z.array(adminFlashSaleSchema) }),
);
export type AdminFlashSales = z.infer<typeof adminFlashSalesResponseSchema>['data'];

// --- Preview ----------------------------------------------------------------------------------------

/**
 * `POST /api/admin/rich-text/preview {description, description_ar}` → the same HTML through the
 * allow-list, as the storefront will show it (nothing is stored).
 */
export const adminRichTextPreviewBody = z.object({
  description: html('description').optional(),
  description_ar: html('description_ar').nullable().optional(),
});
export const adminRichTextPreviewResponseSchema = envelope(z.object({ description: z.string(), description_ar: z.string() }));
export type AdminRichTextPreview = z.infer<typeof adminRichTextPreviewResponseSchema>['data'];
