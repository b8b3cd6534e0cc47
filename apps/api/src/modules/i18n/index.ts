/** The i18n module's public surface (decision 016): every message of the storefront, by language. */
export { translations } from './messages';
