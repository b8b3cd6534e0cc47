import * as accounts from './accounts';
import { ar } from './ar';
import * as cart from './cart';
import * as chatScreens from './chat-screens';
import * as catalog from './catalog';
import * as content from './content';
import { en } from './en';
import * as orders from './orders';
import * as payments from './payments';
import * as support from './support';
import * as parity from './parity';

/**
 * Every string the storefront shows, merged from one module per feature (foundation strings in
 * en.ts/ar.ts; catalogue and accounts in their own files). Both languages must have the same keys.
 */
export const translations = {
  ar: { ...ar, ...catalog.ar, ...accounts.ar, ...cart.ar, ...orders.ar, ...chatScreens.ar, ...payments.ar, ...support.ar, ...content.ar, ...parity.ar },
  en: { ...en, ...catalog.en, ...accounts.en, ...cart.en, ...orders.en, ...chatScreens.en, ...payments.en, ...support.en, ...content.en, ...parity.en },
} as const;
export type MessageKey = keyof typeof translations.en;
