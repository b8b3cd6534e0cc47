/** The wishlist feature's public surface: what other features may import (decision 016). */
export { FavoriteButton } from './favorite-button';
