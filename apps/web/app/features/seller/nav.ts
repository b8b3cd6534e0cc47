import type { ComponentType } from 'react';
import type { IconProps } from '~/shared/ui/icons';
import { BoltIcon, BoxIcon, ChatIcon, DashboardIcon, LifebuoyIcon, ReceiptIcon, StarIcon, StoreIcon, TagIcon } from './icons';

/** A section of the seller centre, as its navigation lists it. */
export interface SellerNavEntry {
  to: string;
  /** The name's message key. */
  label: string;
  icon: ComponentType<IconProps>;
  /** Active on this address only, not below it (the dashboard, whose address begins every other). */
  end?: boolean;
  /** A count shown beside the name: the shop's unread messages. */
  badge?: 'unread';
  testId?: string;
}

/**
 * The seller centre's sections in their order (BACKOFFICE.md "Seller centre"): Dashboard, Products,
 * Orders, Vouchers, Flash sales, Reviews, Messages, Support tickets, Shop profile. A new section joins
 * with one line at its place (icons in ./icons.tsx).
 */
export const SELLER_NAV: readonly SellerNavEntry[] = [
  { to: '/seller', label: 'seller.nav_dashboard', icon: DashboardIcon, end: true, testId: 'seller-nav-dashboard' },
  { to: '/seller/products', label: 'seller.nav_products', icon: BoxIcon, testId: 'seller-nav-products' },
  { to: '/seller/orders', label: 'seller.nav_orders', icon: ReceiptIcon, testId: 'seller-nav-orders' },
  { to: '/seller/vouchers', label: 'seller.nav_vouchers', icon: TagIcon, testId: 'seller-nav-vouchers' },
  { to: '/seller/flash-sales', label: 'seller.nav_flash_sales', icon: BoltIcon, testId: 'seller-nav-flash-sales' },
  { to: '/seller/reviews', label: 'seller.nav_reviews', icon: StarIcon, testId: 'seller-nav-reviews' },
  { to: '/seller/messages', label: 'seller.messages', icon: ChatIcon, badge: 'unread', testId: 'seller-nav-messages' },
  { to: '/seller/support-tickets', label: 'seller.nav_tickets', icon: LifebuoyIcon, testId: 'seller-nav-tickets' },
  { to: '/seller/shop', label: 'seller.nav_shop', icon: StoreIcon, testId: 'seller-nav-shop' },
];
