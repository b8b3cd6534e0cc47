import { HelpCentre } from '~/features/support/help';

import { rootDataOf, metaTranslate } from '~/shared/page';
import { breadcrumbJsonLd, originOf, seoMeta } from '~/shared/seo';
import { useSite } from '~/shared/site';
import type { Route } from './+types/support';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  const t = metaTranslate(root);
  return seoMeta({
    matches,
    title: t('page.support'),
    description: t('page.support_description', { app: root?.master.app_name ?? '' }),
    path: '/support',
    jsonLd: [
      breadcrumbJsonLd(originOf(matches), [
        { name: t('page.home'), path: '/' },
        { name: t('page.support'), path: '/support' },
      ]),
    ],
  });
};

/** /support: the help page, linking the support tickets, the contact page and the orders, with common questions. */
export default function SupportPage() {
  const { t } = useSite();
  return (
    <div className="container help-page" data-testid="support-page">
      <header className="help-page__head">
        <h1 className="page-title">{t('page.support')}</h1>
        <p className="muted help-page__lead">{t('support.lead')}</p>
      </header>
      <HelpCentre />
    </div>
  );
}
