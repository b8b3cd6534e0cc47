import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.wishlist');

export default function WishlistPage() {
  return <PagePlaceholder titleKey="page.wishlist" />;
}
