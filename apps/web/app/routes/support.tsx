import { HelpCentre } from '~/features/support/help';
import { fixedPageMeta } from '~/shared/seo';
import { useSite } from '~/shared/site';

export const meta = fixedPageMeta('page.support', 'page.support_description', '/support');

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
