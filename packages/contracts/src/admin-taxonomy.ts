import { z } from 'zod';
import { auditLogQuery } from './admin';
import { envelope, getQuery } from './common';
import {
  BANNER_TITLE_MAX,
  bannerPlacements,
  COLOR_CODE_PATTERN,
  isBannerLink,
  SLUG_MAX,
  SLUG_PATTERN,
  TAXONOMY,
  TAXONOMY_SORT_MAX,
  type TaxonomyKind,
} from './admin-taxonomy-constants';
import { cleanText, fieldLabel } from './text';

export * from './admin-taxonomy-constants';

// ---------------------------------------------------------------------------------------------------
// The operator console's catalogue taxonomy and home banners (BACKOFFICE.md "Operator console").
//
// Six kinds, one shape (TAXONOMY below): categories, sub-categories (with category_id), brands, colours
// (with color_code), sizes and units.
// - GET /api/admin/<kind>?page&per_page&search(&category_id for sub-categories) → {total, <plural>}, in
//   display order (sort, then id); search matches the English or Arabic name or the slug.
// - POST /api/admin/<kind> → 201 {<singular>}; PUT /api/admin/<kind>/{id} → {<singular>} (only the fields
//   sent); DELETE /api/admin/<kind>/{id} → 204, or 409 {message} while products (or, for a category, its
//   sub-categories) use it: switch it off instead.
// - Bodies: JSON, or multipart/form-data with the same fields as text and the picture as the file
//   `thumbnail` (categories, sub-categories, brands; JPEG, PNG or WebP ≤ 5 MB; `thumbnail: null` in JSON
//   removes it). Required on create: name, name_ar (and category_id, color_code where the kind has them).
// - A slug is made from the English name when none is sent; it is unique in its kind (422 on slug when
//   taken). A switched-off category, sub-category, brand, colour or size leaves the storefront (lists,
//   menus, filters) and the sellers' choices; products keep it.
//
// Banners: GET|POST /api/admin/banners, PUT|DELETE /api/admin/banners/{id}: {title, title_ar, image
// (upload, required on create), link (a path on this site, /products?x=1, or an https URL; null: none),
// placement (home: the home page's slider, ads: its advertisement strip), sort, is_active}.
// ---------------------------------------------------------------------------------------------------

const required = (field: string) => `The ${fieldLabel(field)} field is required.`;

const text = (field: string, max: number) =>
  cleanText(
    fieldLabel(field),
    z.string({
      error: (iss) =>
        iss.input === undefined || iss.input === null ? required(field) : `The ${fieldLabel(field)} field must be a string.`,
    }),
  )
    .min(1, required(field))
    .max(max, `The ${fieldLabel(field)} field must not be greater than ${max} characters.`);

const flag = (field: string) => z.boolean({ error: `The ${fieldLabel(field)} field must be true or false.` });

const sortField = z
  .number({ error: 'The sort field must be an integer.' })
  .int('The sort field must be an integer.')
  .min(0, 'The sort field must be at least 0.')
  .max(TAXONOMY_SORT_MAX, `The sort field must not be greater than ${TAXONOMY_SORT_MAX}.`);

const slugField = cleanText('slug', z.string({ error: 'The slug field must be a string.' }))
  .max(SLUG_MAX, `The slug field must not be greater than ${SLUG_MAX} characters.`)
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || SLUG_PATTERN.test(v), 'The slug may only contain letters, digits and single dashes between them.')
  // Empty or null: make one from the name.
  .nullable()
  .transform((v) => v || null);

const idField = (field: string) =>
  z
    .number({ error: `The ${fieldLabel(field)} field must be an integer.` })
    .int(`The ${fieldLabel(field)} field must be an integer.`)
    .min(1, `The selected ${fieldLabel(field)} is invalid.`)
    .max(2_147_483_647, `The selected ${fieldLabel(field)} is invalid.`);

/** Every field a kind's write may send (all optional: a PUT sends only what changes). */
export function taxonomyFields(kind: TaxonomyKind) {
  const spec = TAXONOMY[kind];
  return z.object({
    name: text('name', spec.nameMax),
    name_ar: text('name_ar', spec.nameMax),
    slug: slugField.optional(),
    is_active: flag('is_active').optional(),
    sort: sortField.optional(),
    ...(spec.thumbnail
      ? { thumbnail: z.null({ error: 'The thumbnail is uploaded as a file; send null to remove it.' }).optional() }
      : {}),
    ...(spec.parent ? { category_id: idField('category_id') } : {}),
    ...(spec.colorCode
      ? {
          color_code: z
            .string({ error: required('color_code') })
            .refine((v) => COLOR_CODE_PATTERN.test(v), 'The color code must be a colour written #rrggbb.')
            .transform((v) => v.toLowerCase()),
        }
      : {}),
  });
}

/** A create: name and name_ar (and category_id, color_code) required. */
export const taxonomyCreateBody = (kind: TaxonomyKind) => taxonomyFields(kind);
/** An update: any of the fields. */
export const taxonomyUpdateBody = (kind: TaxonomyKind) => taxonomyFields(kind).partial();

export interface TaxonomyWrite {
  name?: string;
  name_ar?: string;
  slug?: string | null;
  is_active?: boolean;
  sort?: number;
  thumbnail?: null;
  category_id?: number;
  color_code?: string;
}

export const taxonomyItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  slug: z.string(),
  is_active: z.boolean(),
  sort: z.number().int(),
  /** Categories, sub-categories, brands: the picture's path (/uploads/...), or null. */
  thumbnail: z.string().nullable().optional(),
  /** Sub-categories: their category. */
  category_id: z.number().int().optional(),
  category_name: z.string().optional(),
  /** Colours: #rrggbb. */
  color_code: z.string().optional(),
  /** Products that use it (a delete is refused while there are any). */
  products_count: z.number().int(),
  /** Categories: their sub-categories. */
  sub_categories_count: z.number().int().optional(),
});
export type TaxonomyItem = z.infer<typeof taxonomyItemSchema>;

/** A console list's page, size (as the audit log's) and search words. */
const listFields = {
  page: auditLogQuery.shape.page,
  per_page: auditLogQuery.shape.per_page,
  search: cleanText('search').max(100, 'The search must not be greater than 100 characters.').optional(),
};

export const taxonomyQuery = getQuery(
  z.object({
    ...listFields,
    category_id: z.coerce.number({ error: 'The category id must be a number.' }).int().min(1).max(2_147_483_647).optional(),
  }),
);
export type TaxonomyQuery = z.infer<typeof taxonomyQuery>;

export interface TaxonomyList {
  total: number;
  items: TaxonomyItem[];
}

export const taxonomyItemResponse = (kind: TaxonomyKind) => envelope(z.object({ [TAXONOMY[kind].singular]: taxonomyItemSchema }));
export const taxonomyListResponse = (kind: TaxonomyKind) =>
  envelope(z.object({ total: z.number().int(), [TAXONOMY[kind].plural]: z.array(taxonomyItemSchema) }));

// --- Banners ---------------------------------------------------------------------------------------------

export const bannerFields = z.object({
  title: text('title', BANNER_TITLE_MAX),
  title_ar: text('title_ar', BANNER_TITLE_MAX),
  link: z
    .string({ error: 'The link field must be a string.' })
    .transform((v) => v.trim())
    .refine((v) => v === '' || isBannerLink(v), 'The link must be a path on this site (starting with /) or an https:// address.')
    .nullable()
    .transform((v) => v || null),
  placement: z.enum(bannerPlacements, { error: 'The placement must be home or ads.' }),
  sort: sortField,
  is_active: flag('is_active'),
});
export const bannerCreateBody = bannerFields.partial({ link: true, placement: true, sort: true, is_active: true });
export const bannerUpdateBody = bannerFields.partial();
export type BannerWrite = z.input<typeof bannerUpdateBody>;

export const adminBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_ar: z.string().nullable(),
  /** The picture's path (/uploads/banners/...). */
  image: z.string(),
  link: z.string().nullable(),
  placement: z.enum(bannerPlacements),
  sort: z.number().int(),
  is_active: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerResponseSchema = envelope(z.object({ banner: adminBannerSchema }));
export const adminBannersResponseSchema = envelope(z.object({ total: z.number().int(), banners: z.array(adminBannerSchema) }));
export type AdminBanners = { total: number; banners: AdminBanner[] };

export const bannersQuery = getQuery(
  z.object({
    ...listFields,
    placement: z.enum(bannerPlacements, { error: 'The placement must be home or ads.' }).optional(),
  }),
);
export type BannersQuery = z.infer<typeof bannersQuery>;
