import { ar } from './ar';
import { en } from './en';

/** Every string the storefront shows. Both files must have the same keys (a test checks it). */
export const translations = { ar, en } as const;
export type MessageKey = keyof typeof en;
