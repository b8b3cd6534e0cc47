/**
 * The catalogue feature's public surface for other features: the storefront's product card (the seller
 * centre's product form previews it with the form's values).
 */
export { ProductCard } from './product-card';
