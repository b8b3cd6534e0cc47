import { loadProductOptions } from '~/features/seller/vouchers-data';

/** The flash-sale join dialog's product picker: the shop's active products matching ?search= (decision 036 §3). */
export const clientLoader = loadProductOptions;
