import { loadFeedPage } from '~/features/catalog/home-feed';

/** /resources/home-feed?page=: a further page of the home page's "Just for you", for its Load more. */
export const clientLoader = loadFeedPage;
export const shouldRevalidate = () => false;
