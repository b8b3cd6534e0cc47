/** The cart feature's public surface (decision 016): what the chrome and the catalogue use. */
export { Basket } from './basket';
export { useAddToCart, useCartSync } from './actions';
