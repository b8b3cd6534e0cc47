/** Calendar dates in Oman's time: one formatter for the API's display dates and the storefront. */
export { formatDate } from '@souq/contracts/dates';
