import type { FastifyInstance } from 'fastify';
import { categoriesRoutes } from './categories.routes';
import { productsRoutes } from './products.routes';

/** Every public catalogue call (issue 3): categories, products, shops, flash sales, home, reviews. */
export async function catalogRoutes(app: FastifyInstance) {
  await app.register(categoriesRoutes);
  await app.register(productsRoutes);
}

// The public surface other modules may use: commerce prices and describes lines the way product cards
// do, from the same product rows; the wishlist lists product cards, and a blog post the popular ones.
export {
  fromJsonArray,
  jsonArrayFrom,
  popularProductIds,
  productRowsWithVariants,
  runningFlashPriceColumn,
  runningFlashPrices,
  variantsOf,
} from './catalog.repository';
export { deliveryCharge, omr, pricing, productCards } from './product-cards';
export { photoList, publicReview } from './catalog.service';
// The sitemap's reuse ends when the catalogue changes.
export { catalogueRevision } from './products.repository';
