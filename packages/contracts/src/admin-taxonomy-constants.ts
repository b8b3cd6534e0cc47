/** The operator console's taxonomy and banners: the constants the web app reads without zod (admin-taxonomy.ts). */

export const TAXONOMY_KINDS = ['categories', 'sub-categories', 'brands', 'colors', 'sizes', 'units'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

export interface TaxonomySpec {
  /** The answer's key for one (`{category}`) and for a list (`{total, categories}`); also the audit's target type. */
  singular: string;
  plural: string;
  /** Longest name (the column's width). */
  nameMax: number;
  /** Has a picture (multipart file `thumbnail`). */
  thumbnail: boolean;
  /** Belongs to a category (`category_id`). */
  parent: boolean;
  /** Has a colour (`color_code`, #rrggbb). */
  colorCode: boolean;
}

export const TAXONOMY: Record<TaxonomyKind, TaxonomySpec> = {
  categories: { singular: 'category', plural: 'categories', nameMax: 150, thumbnail: true, parent: false, colorCode: false },
  'sub-categories': {
    singular: 'sub_category',
    plural: 'sub_categories',
    nameMax: 150,
    thumbnail: true,
    parent: true,
    colorCode: false,
  },
  brands: { singular: 'brand', plural: 'brands', nameMax: 150, thumbnail: true, parent: false, colorCode: false },
  colors: { singular: 'color', plural: 'colors', nameMax: 100, thumbnail: false, parent: false, colorCode: true },
  sizes: { singular: 'size', plural: 'sizes', nameMax: 50, thumbnail: false, parent: false, colorCode: false },
  units: { singular: 'unit', plural: 'units', nameMax: 50, thumbnail: false, parent: false, colorCode: false },
};

export const TAXONOMY_PER_PAGE = 20;
export const TAXONOMY_SORT_MAX = 1_000_000;
export const SLUG_MAX = 190;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const COLOR_CODE_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const BANNER_TITLE_MAX = 255;
export const BANNER_LINK_MAX = 500;
export const bannerPlacements = ['home', 'ads'] as const;

/**
 * A banner's link: a path on this site (`/products?deals=1`: one leading slash, no `//`, no backslash, no
 * spaces or control characters) or an https URL with a host.
 */
export function isBannerLink(v: string): boolean {
  if (v.length > BANNER_LINK_MAX || /[\s\\\p{Cc}]/u.test(v)) return false;
  if (v.startsWith('/')) return !v.startsWith('//');
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Largest picture upload (a category's thumbnail, a banner). */
export const TAXONOMY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
