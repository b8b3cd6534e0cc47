import type { ColumnType, Generated } from 'kysely';

/**
 * Tables of migration 002: customers, shops and their seller accounts, the catalogue, flash sales,
 * vouchers, reviews and content. Conventions as in schema.ts: flags are integers 0/1, timestamps are
 * ISO-8601 UTC text, money is integer baisa (1 OMR = 1000 baisa).
 *
 * Ratings (shops.rating, products.rating) are `double precision` averages on the 0-5 scale, kept in step
 * with the reviews (average of reviews.rating, 0 when there are none).
 *
 * `search_text` columns hold `normalizeSearchText()` (shared/search-text.ts) of the English and Arabic
 * names (and, for products, brand and category names), so that search is a LIKE on one column that
 * ignores case, diacritics and alef/hamza/ta-marbuta variants in both dialects.
 */

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  /** International dialling code with '+', e.g. '+968'. */
  phone_code: string;
  country: string | null;
  /** argon2id hash; null for accounts created by social sign-in only. */
  password_hash: string | null;
  profile_photo: string | null;
  gender: 'male' | 'female' | null;
  /** YYYY-MM-DD. */
  date_of_birth: string | null;
  phone_verified_at: string | null;
  email_verified_at: string | null;
  last_online_at: string | null;
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The language of the customer's last order placed or cancelled, `ar` or `en`; null until then (migration 029). */
  locale: Generated<string | null>;
}

export interface ShopsTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  slug: string;
  logo: string | null;
  banner: string | null;
  short_description: string | null;
  short_description_ar: string | null;
  /** Sanitised HTML. */
  description: string | null;
  description_ar: string | null;
  address: string | null;
  address_ar: string | null;
  /** Average review rating, 0-5 (double). */
  rating: Generated<number>;
  total_reviews: Generated<number>;
  /** Free text, e.g. '2-3 days'. */
  estimated_delivery_time: string | null;
  estimated_delivery_time_ar: string | null;
  /** Baisa. */
  delivery_charge: Generated<number>;
  /** Baisa; 0 = no minimum. */
  min_order_amount: Generated<number>;
  /** Baisa: delivery is free from this items' subtotal on; 0 = never free (migration 007). */
  free_delivery_above: Generated<number>;
  last_online_at: string | null;
  search_text: Generated<string>;
  is_active: Generated<number>;
  created_at: string;
  /**
   * `pending` while a shop application waits for approval (the shop is inactive too), else `approved`
   * (migration 011); `suspended` or `rejected` by an operator, inactive too (migration 021).
   */
  status: Generated<'pending' | 'approved' | 'suspended' | 'rejected'>;
  applied_at: string | null;
  approved_at: string | null;
  /** The seller's own switch: 0 while the shop is closed (listed, nothing can be ordered; migration 018). */
  is_open: Generated<number>;
  /** The shop's contact details (migration 018). */
  phone: string | null;
  email: string | null;
  /** Why an operator rejected or suspended the shop; when its status last changed (migration 021). */
  status_reason: string | null;
  status_changed_at: string | null;
}

export interface ShopUsersTable {
  id: Generated<number>;
  shop_id: number;
  name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  last_online_at: string | null;
  is_active: Generated<number>;
  created_at: string;
  /** The seller's language for e-mails, `ar` or `en`; null until known (migration 021). */
  locale: string | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  name_ar: string | null;
  thumbnail: string | null;
  sort: Generated<number>;
  is_active: Generated<number>;
}

export interface SubCategoriesTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  name: string;
  name_ar: string | null;
  thumbnail: string | null;
  sort: Generated<number>;
  is_active: Generated<number>;
}

export interface BrandsTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  logo: string | null;
  /** Migration 022: unique; `<kind>-<id>` for rows written without one. */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 022: a switched-off one leaves the storefront's filters and the sellers' choices. */
  is_active: Generated<number>;
  sort: Generated<number>;
}

export interface ColorsTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  /** '#rrggbb'. */
  color_code: string;
  /** Migration 022: unique; `<kind>-<id>` for rows written without one. */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 022: a switched-off one leaves the storefront's filters and the sellers' choices. */
  is_active: Generated<number>;
  sort: Generated<number>;
}

export interface SizesTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
  /** Migration 022. */
  name_ar: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 022: unique; `<kind>-<id>` for rows written without one. */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 022: a switched-off one leaves the storefront's filters and the sellers' choices. */
  is_active: Generated<number>;
}

export interface UnitsTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  /** Migration 022: unique; `<kind>-<id>` for rows written without one. */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 022: a switched-off one leaves the storefront's filters and the sellers' choices. */
  is_active: Generated<number>;
  sort: Generated<number>;
}

export interface ProductsTable {
  id: Generated<number>;
  shop_id: number;
  category_id: number;
  sub_category_id: number | null;
  brand_id: number | null;
  unit_id: number | null;
  name: string;
  name_ar: string | null;
  slug: string;
  short_description: string | null;
  short_description_ar: string | null;
  /** Sanitised HTML. */
  description: string | null;
  description_ar: string | null;
  thumbnail: string | null;
  video_url: string | null;
  /** Baisa. */
  price: number;
  /** Baisa; 0 = no discount. */
  discount_price: Generated<number>;
  /** Stock on hand. */
  quantity: Generated<number>;
  total_sold: Generated<number>;
  /** Average review rating, 0-5 (double). */
  rating: Generated<number>;
  total_reviews: Generated<number>;
  views: Generated<number>;
  search_text: Generated<string>;
  /** normalizeSearchText() of name and name_ar (migration 004). */
  search_name: Generated<string>;
  /** Baisa: discount_price when above 0 and below price, else price (migration 004). */
  list_price: Generated<number>;
  is_active: Generated<number>;
  meta_title: string | null;
  meta_description: string | null;
  /** Comma-separated keywords, English and Arabic (migration 013). */
  meta_keywords: ColumnType<string | null, string | null | undefined, string | null>;
  meta_keywords_ar: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  /** Set when a product that was ever ordered is deleted by its seller (it is switched off too; migration 016). */
  archived_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  path: string;
  type: Generated<'image' | 'video'>;
  sort: Generated<number>;
}

export interface ProductColorsTable {
  id: Generated<number>;
  product_id: number;
  color_id: number;
  /** Baisa added to the product price. */
  extra_price: Generated<number>;
}

export interface ProductSizesTable {
  id: Generated<number>;
  product_id: number;
  size_id: number;
  /** Baisa added to the product price. */
  extra_price: Generated<number>;
}

export interface FlashSalesTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  thumbnail: string | null;
  start_at: string;
  end_at: string;
  is_active: Generated<number>;
}

export interface FlashSaleProductsTable {
  id: Generated<number>;
  flash_sale_id: number;
  product_id: number;
  /** Baisa: the sale price while the flash sale runs. */
  price: number;
}

export interface CouponsTable {
  id: Generated<number>;
  shop_id: number;
  code: string;
  discount_type: 'Percentage' | 'Amount';
  /** Percent (integer 1-100) when Percentage; baisa when Amount. */
  discount: number;
  /** Baisa; 0 = no minimum spend. */
  min_order_amount: Generated<number>;
  /** Baisa; null = no cap. */
  max_discount_amount: number | null;
  starts_at: string | null;
  expires_at: string | null;
  /** null = unlimited. */
  usage_limit: number | null;
  used_count: Generated<number>;
  /** Uses allowed to one customer (migration 007). */
  per_customer_limit: Generated<number>;
  is_active: Generated<number>;
  created_at: string;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  shop_id: number;
  /** null for seeded (imported) reviews. */
  user_id: number | null;
  customer_name: string;
  rating: number;
  description: string | null;
  created_at: string;
  /** The shop's answer, one per review, editable (migration 016). */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The delivered order it was written from; null for seeded reviews (migration 031). */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When its writer last changed it (migration 031). */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: hidden by an operator; out of the product page and the ratings (migration 031). */
  is_hidden: Generated<number>;
  /** The customer's photos: a JSON array of /uploads/reviews/ paths (migration 031). */
  photos: Generated<string>;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  title_ar: string | null;
  thumbnail: string;
  url: string | null;
  placement: 'home' | 'ads';
  sort: Generated<number>;
  is_active: Generated<number>;
}

/** A shop's banners in display order (migration 013). */
export interface ShopBannersTable {
  id: Generated<number>;
  shop_id: number;
  title: string;
  title_ar: string | null;
  thumbnail: string;
  sort: Generated<number>;
  is_active: Generated<number>;
}

export interface BlogCategoriesTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  slug: string;
  sort: Generated<number>;
  /** Migration 026: an inactive category and its posts leave the storefront's blog. */
  is_active: Generated<number>;
}

export interface BlogsTable {
  id: Generated<number>;
  blog_category_id: number;
  title: string;
  title_ar: string | null;
  slug: string;
  thumbnail: string | null;
  /** Sanitised HTML. */
  description: string;
  description_ar: string | null;
  post_by: string;
  /** Migration 011. */
  post_by_ar: string | null;
  total_views: Generated<number>;
  is_active: Generated<number>;
  created_at: string;
}

export interface LegalPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  title_ar: string | null;
  /** Sanitised HTML. */
  description: string;
  description_ar: string | null;
  updated_at: string;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: string;
}

export interface RecentlyViewedTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  viewed_at: string;
}

/** One row (id 1): moved by triggers on every write that changes lists or facets (migration 008). */
export interface CatalogRevisionTable {
  id: number;
  revision: number;
}

/** A row per write to a product's listed columns, colours or sizes (migration 014; the search index). */
export interface CatalogChangesTable {
  id: Generated<number>;
  product_id: number;
  at: string;
}

export interface CatalogueTables {
  catalog_revision: CatalogRevisionTable;
  catalog_changes: CatalogChangesTable;
  favorites: FavoritesTable;
  recently_viewed: RecentlyViewedTable;
  users: UsersTable;
  shops: ShopsTable;
  shop_users: ShopUsersTable;
  categories: CategoriesTable;
  sub_categories: SubCategoriesTable;
  brands: BrandsTable;
  colors: ColorsTable;
  sizes: SizesTable;
  units: UnitsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_colors: ProductColorsTable;
  product_sizes: ProductSizesTable;
  flash_sales: FlashSalesTable;
  flash_sale_products: FlashSaleProductsTable;
  coupons: CouponsTable;
  reviews: ReviewsTable;
  banners: BannersTable;
  shop_banners: ShopBannersTable;
  blog_categories: BlogCategoriesTable;
  blogs: BlogsTable;
  legal_pages: LegalPagesTable;
}
