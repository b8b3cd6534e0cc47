// Plain constants shared by the API and the web app. No zod here: the browser bundle imports this file.

export const themeColorKeys = [
  'primary',
  'primary50',
  'primary100',
  'primary200',
  'primary300',
  'primary400',
  'primary500',
  'primary600',
  'primary700',
  'primary800',
  'primary900',
  'primary950',
] as const;
export type ThemeColorKey = (typeof themeColorKeys)[number];

export const footerItemTypes = ['logo', 'text', 'phone', 'email', 'social_links', 'app_store', 'link'] as const;

/** Page sizes of the catalogue lists (defaults of `per_page`). */
export const PRODUCTS_PER_PAGE = 20;
export const SHOPS_PER_PAGE = 20;
export const REVIEWS_PER_PAGE = 10;
export const FLASH_SALE_PRODUCTS_PER_PAGE = 20;
export const HOME_FEED_PER_PAGE = 12;

export const productSortTypes = ['default', 'newest', 'low_to_high', 'high_to_low', 'popular_product', 'top_selling'] as const;
export type ProductSortType = (typeof productSortTypes)[number];

/** The Core Web Vitals the storefront reports from sampled visits (POST /api/vitals). */
export const vitalNames = ['LCP', 'INP', 'CLS'] as const;
export type VitalName = (typeof vitalNames)[number];
export const vitalRatings = ['good', 'needs-improvement', 'poor'] as const;

/** The order status chain (API.md: Pending → Confirm → Processing → Pickup → On The Way → Delivered, or Cancelled). */
export const orderStatuses = ['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered', 'Cancelled'] as const;
export type OrderStatusName = (typeof orderStatuses)[number];
/** The keys of `status_wise_orders`, and the `order_status` filter values (the names above are accepted too). */
export const orderStatusKeys = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'] as const;
export type OrderStatusKey = (typeof orderStatusKeys)[number];

export const orderStatusOf = (key: OrderStatusKey): OrderStatusName => orderStatuses[orderStatusKeys.indexOf(key)]!;
export const orderStatusKeyOf = (status: OrderStatusName): OrderStatusKey => orderStatusKeys[orderStatuses.indexOf(status)]!;
