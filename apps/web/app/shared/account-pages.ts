/**
 * SPEC §2: the account area's pages (and the notifications, issue 38), in the order of the account sidebar. `menu`: also in the header's
 * account menu and the side drawer (the short list); `badge`: the sidebar shows the unread count there.
 */
export const ACCOUNT_PAGES = [
  { to: '/dashboard', key: 'account.dashboard', menu: true },
  { to: '/order-history', key: 'account.order_history', menu: true },
  { to: '/wishlist', key: 'account.wishlist' },
  { to: '/massages', key: 'account.messages', badge: 'unread' },
  { to: '/profile', key: 'account.profile', menu: true },
  { to: '/manage-address', key: 'account.addresses' },
  { to: '/support-tickets', key: 'account.support_tickets' },
  { to: '/notifications', key: 'account.notifications' },
  { to: '/change-password', key: 'account.change_password', menu: true },
  { to: '/terms-and-conditions', key: 'page.terms' },
  { to: '/privacy-policy', key: 'page.privacy' },
] as const satisfies ReadonlyArray<{ to: string; key: string; menu?: true; badge?: 'unread' }>;

export type AccountPath = (typeof ACCOUNT_PAGES)[number]['to'];

/** The short list: the header's account menu and the side drawer. */
export const ACCOUNT_MENU = ACCOUNT_PAGES.filter((p) => 'menu' in p);
