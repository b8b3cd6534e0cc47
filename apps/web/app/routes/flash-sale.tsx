import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.flash_sale');

export default function FlashSalePage() {
  return <PagePlaceholder titleKey="page.flash_sale" />;
}
