import { loadRecentlyViewed } from '~/features/catalog/home-recent';

/** /resources/recently-viewed: the signed-in customer's last viewed products, for the home page's row. */
export const clientLoader = loadRecentlyViewed;
// A cart or voucher write elsewhere on the page does not change it.
export const shouldRevalidate = () => false;
