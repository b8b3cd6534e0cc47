import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.seller_register');

export default function SellerRegisterPage() {
  return <PagePlaceholder titleKey="page.seller_register" />;
}
