import * as accounts from './accounts';
import { ar } from './ar';
import * as cart from './cart';
import * as catalog from './catalog';
import { en } from './en';
import * as orders from './orders';
import * as parity from './parity';

/**
 * Every string the storefront shows, merged from one module per feature (foundation strings in
 * en.ts/ar.ts; catalogue and accounts in their own files). Both languages must have the same keys.
 */
export const translations = {
  ar: { ...ar, ...catalog.ar, ...accounts.ar, ...cart.ar, ...orders.ar, ...parity.ar },
  en: { ...en, ...catalog.en, ...accounts.en, ...cart.en, ...orders.en, ...parity.en },
} as const;
export type MessageKey = keyof typeof translations.en;
