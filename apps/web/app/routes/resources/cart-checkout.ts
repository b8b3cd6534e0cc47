import { afterVoucherCollect, loadBasketCheckout } from '~/features/cart/voucher-data';

/** /resources/cart-checkout: the basket's amounts for the selected shops (stored in the cart store), for its fetcher. */
export const clientLoader = loadBasketCheckout;
export const shouldRevalidate = afterVoucherCollect;
