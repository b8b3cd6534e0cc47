import { loadReviewsPage } from '~/features/catalog/product-reviews';

/** /resources/reviews?product_id=|shop_id=&page=: a further page of reviews, for the review list's Load more. */
export const clientLoader = loadReviewsPage;
export const shouldRevalidate = () => false;
