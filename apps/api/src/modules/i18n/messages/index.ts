import * as accounts from './accounts';
import * as admin from './admin';
import * as adminContent from './admin-content';
import * as adminSettings from './admin-settings';
import * as adminDesk from './admin-desk';
import * as adminShops from './admin-shops';
import * as adminTaxonomy from './admin-taxonomy';
import * as adminOrders from './admin-orders';
import * as adminReviews from './admin-reviews';
import * as adminNotifications from './admin-notifications';
import { ar } from './ar';
import * as cart from './cart';
import * as chatScreens from './chat-screens';
import * as catalog from './catalog';
import * as content from './content';
import { en } from './en';
import * as notifications from './notifications';
import * as orders from './orders';
import * as payments from './payments';
import * as sellerVouchers from './seller-vouchers';
import * as sellerProducts from './seller-products';
import * as sellerDashboard from './seller-dashboard';
import * as support from './support';
import * as sellerShop from './seller-shop';
import * as parity from './parity';

/**
 * Every string the storefront shows, merged from one module per feature (foundation strings in
 * en.ts/ar.ts; catalogue and accounts in their own files). Both languages must have the same keys.
 * A count takes its plural form with ICU's plural argument, which the web app's `makeTranslate` reads
 * with the language's rules: `{count, plural, one {# item} other {# items}}` (Arabic has zero, one,
 * two, few, many and other).
 */
export const translations = {
  ar: {
    ...ar,
    ...catalog.ar,
    ...accounts.ar,
    ...cart.ar,
    ...orders.ar,
    ...chatScreens.ar,
    ...payments.ar,
    ...support.ar,
    ...content.ar,
    ...sellerVouchers.ar,
    ...parity.ar,
    ...sellerShop.ar,
    ...sellerProducts.ar,
    ...sellerDashboard.ar,
    ...admin.ar,
    ...adminContent.ar,
    ...adminSettings.ar,
    ...adminDesk.ar,
    ...adminShops.ar,
    ...adminTaxonomy.ar,
    ...adminOrders.ar,
    ...adminReviews.ar,
    ...adminNotifications.ar,
    ...notifications.ar,
  },
  en: {
    ...en,
    ...catalog.en,
    ...accounts.en,
    ...cart.en,
    ...orders.en,
    ...chatScreens.en,
    ...payments.en,
    ...support.en,
    ...content.en,
    ...sellerVouchers.en,
    ...parity.en,
    ...sellerShop.en,
    ...sellerProducts.en,
    ...sellerDashboard.en,
    ...admin.en,
    ...adminContent.en,
    ...adminSettings.en,
    ...adminDesk.en,
    ...adminShops.en,
    ...adminTaxonomy.en,
    ...adminOrders.en,
    ...adminReviews.en,
    ...adminNotifications.en,
    ...notifications.en,
  },
} as const;
export type MessageKey = keyof typeof translations.en;
