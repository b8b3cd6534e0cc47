import { cartAction, loadSessionCart } from '~/features/cart/cart-data';

/**
 * /resources/cart: the session's cart, for fetchers (decision 036). The loader reads and stores it; the
 * action adds, changes or removes a line (`intent`). No page: the browser never navigates here.
 */
export const clientLoader = loadSessionCart;
export const clientAction = cartAction;
// Read once per session (the chrome's keyed fetcher); every write answers the cart and stores it.
export const shouldRevalidate = () => false;
