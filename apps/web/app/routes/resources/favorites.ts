import { favoriteAction } from '~/features/wishlist/favorite-data';
import { loadFavoriteIds } from '~/shared/wishlist-store';

/**
 * /resources/favorites: the signed-in customer's favourite ids, stored for every heart (the chrome's
 * keyed fetcher), and a heart's toggle (the action).
 */
export const clientLoader = loadFavoriteIds;
export const clientAction = favoriteAction;
// Every toggle keeps the store current: the list is read again only when the session changes.
export const shouldRevalidate = () => false;
