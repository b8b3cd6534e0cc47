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

// --- Chat and realtime (issue 17, API.md "Chat", decision 019) ------------------------------------------

/** Messages per page of a conversation, and conversations per page of the shop list / seller inbox. */
export const CHAT_PAGE_SIZE = 20;
/** Longest message text, in UTF-16 code units (what a textarea's maxlength counts), after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** A customer or shop is online while its last seen is younger than this. */
export const ONLINE_WINDOW_MS = 10 * 60_000;
/** How often a signed-in client reports itself online (POST /update-last-seen). */
export const LAST_SEEN_INTERVAL_MS = 10 * 60_000;
/** The event a customer's channel carries (payload `{message}`), and a shop's. */
export const CHAT_EVENT_TO_USER = 'send-message-to-user';
export const CHAT_EVENT_TO_SHOP = 'send-message-to-shop';
/** The private channels: a customer's own and a shop's own (only they may subscribe). */
export const userChatChannel = (userId: number) => `private-chat_user_${userId}`;
export const shopChatChannel = (shopId: number) => `private-chat_shop_${shopId}`;
/** The path the web client posts channel authorisations to (pusher-js `channelAuthorization.endpoint`). */
export const BROADCASTING_AUTH_PATH = '/api/broadcasting/auth';
/** Support tickets (issue 18): a ticket runs until it is completed or cancelled. */
export const TICKET_STATUSES = ['running', 'completed', 'cancel'] as const;
export type TicketStatusName = (typeof TICKET_STATUSES)[number];
/** Attachments: at most this many files a post, each at most this many bytes (jpg, png, pdf by content). */
export const TICKET_MAX_FILES = 3;
export const TICKET_MAX_FILE_BYTES = 2 * 1024 * 1024;
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKETS_PER_PAGE = 10;
export const TICKET_MESSAGES_PER_PAGE = 50;
/** The newest messages `GET /support-ticket/show` carries (the original web client's ticket page reads them there). */
export const TICKET_SHOW_MESSAGES = 200;
export const CONTACT_MESSAGE_MAX = 3000;
/** Blog posts per page (`per_page` default of GET /blogs): three rows of three cards. */
export const BLOGS_PER_PAGE = 9;
/** The shop application's logo: largest file (bytes) and largest width and height (pixels). */
export const SHOP_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const SHOP_LOGO_MAX_SIDE = 4096;
/**
 * The picture of a person who has not set one (a customer's `profile_photo`, a review's `customer_profile`),
 * served by the API itself: clients always get an image address. The storefront shows initials instead.
 */
export const DEFAULT_AVATAR_URL = '/api/media/default-avatar.svg';
export const isDefaultAvatar = (url: string | null | undefined): boolean => !url || url === DEFAULT_AVATAR_URL;
/** The order status chain (API.md: Pending → Confirm → Processing → Pickup → On The Way → Delivered, or Cancelled). */
export const orderStatuses = ['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered', 'Cancelled'] as const;
export type OrderStatusName = (typeof orderStatuses)[number];
/** The keys of `status_wise_orders`, and the `order_status` filter values (the names above are accepted too). */
export const orderStatusKeys = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'] as const;
export type OrderStatusKey = (typeof orderStatusKeys)[number];

export const orderStatusOf = (key: OrderStatusKey): OrderStatusName => orderStatuses[orderStatusKeys.indexOf(key)]!;
export const orderStatusKeyOf = (status: OrderStatusName): OrderStatusKey => orderStatusKeys[orderStatuses.indexOf(status)]!;

// Seller centre: vouchers (seller-vouchers.ts holds their schemas).
export const VOUCHER_CODE_MAX = 32;
export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const SELLER_VOUCHERS_PER_PAGE = 20;
/** Largest usage limit and per-customer limit. */
export const VOUCHER_LIMIT_MAX = 1_000_000;

export const voucherDiscountTypes = ['Percentage', 'Amount'] as const;
export type VoucherDiscountType = (typeof voucherDiscountTypes)[number];

/** What a voucher is now, for the seller's badges: switched off, not started, past its end, used up, or live. */
export const voucherStatuses = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type VoucherStatus = (typeof voucherStatuses)[number];
// --- Seller centre: reviews and shop profile (issue 36) ---
/** Reviews a page of the seller's list holds. */
export const SELLER_REVIEWS_PER_PAGE = 10;
/** Longest reply, in characters. */
export const REVIEW_REPLY_MAX = 1000;
/** Largest logo or banner upload, bytes (the same as a product picture). */
export const SHOP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The stored banner: wide, covering (cropped to fill), WebP. */
export const SHOP_BANNER_WIDTH = 1600;
export const SHOP_BANNER_HEIGHT = 400;

// --- Seller centre: products (issue 36; BACKOFFICE.md "Seller centre") ----------------------------------

/** Largest amount a price, an extra price or a voucher amount may hold (in major units). */
export const MONEY_MAX = 1_000_000;
/** Decimals of the stored money (integer minor units; OMR's baisa, decision 002). */
export const MONEY_DECIMALS = 3;
/** Pictures a product may hold; the first is its thumbnail. */
export const PRODUCT_IMAGES_MAX = 10;
/** Largest picture upload, bytes, and pixel count read from the header before decoding. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_MAX_PIXELS = 40_000_000;
/** Stock at or below this is "low" on the dashboard and the seller's product list. */
export const LOW_STOCK_AT = 5;
/** Who may have written an audit log entry (the operator console's filter), and its page size. */
export const AUDIT_ROLES = ['seller', 'operator'] as const;
export const AUDIT_LOG_PER_PAGE = 20;

/** The console's content and flash-sale lists (BACKOFFICE.md "Operator console"). */
export const ADMIN_CONTENT_PER_PAGE = 20;

/** The operator console's shops (admin-shops.ts): a shop's status as the console names it, page size, reason length. */
export const ADMIN_SHOP_STATUSES = ['pending', 'active', 'suspended', 'rejected'] as const;
export const ADMIN_SHOPS_PER_PAGE = 20;
export const SHOP_REASON_MAX = 500;
/** What the seller's sign-in answers (403) while its shop's application waits (decision 022); a suspended or rejected shop's answer says why instead. */
export const SHOP_PENDING_MESSAGE = 'Your shop application is awaiting approval. You can sign in once it is approved.';

// --- Customers' reviews (issue 39; reviews.ts) ---
/** Longest review text, in characters. */
export const REVIEW_TEXT_MAX = 1000;
/** How long after writing it a customer may still change a review. */
export const REVIEW_EDIT_DAYS = 30;
/** Photos a review may hold, each at most this many bytes (the support tickets' picture rules). */
export const REVIEW_PHOTOS_MAX = 3;
export const REVIEW_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
