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
