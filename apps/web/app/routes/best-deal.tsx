import { PagePlaceholder, titleMeta } from '~/shared/page';

export const meta = titleMeta('page.best_deal');

export default function BestDealPage() {
  return <PagePlaceholder titleKey="page.best_deal" />;
}
