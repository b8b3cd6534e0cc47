import type { ContactUs } from '@souq/contracts';
import { fetchContactUs } from '~/features/support/api';
import { ContactCards, ContactForm } from '~/features/support/contact';
import { AccountAction } from '~/features/support/help';
import { contactAction } from '~/features/support/support-data';
import { requestLocale } from '~/shared/i18n';
import { fixedPageMeta } from '~/shared/seo';
import { useSite } from '~/shared/site';
import type { Route } from './+types/contact-us';

/** The shop's contact details come with the page; when they cannot be read the form still works. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ contact: ContactUs | null }> {
  try {
    return { contact: await fetchContactUs(requestLocale(request), context) };
  } catch (error) {
    console.error('contact details failed to load', error);
    return { contact: null };
  }
}

/** Sends the contact form (its fetcher asks no loader to run again). */
export const clientAction = contactAction;

export const meta = fixedPageMeta('page.contact_us', 'page.contact_description', '/contact-us');

/** /contact-us: phone, e-mail, WhatsApp, address and hours, and the contact form. */
export default function ContactUsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return (
    <div className="container ct-page" data-testid="contact-page">
      <header className="ct-page__head">
        <h1 className="page-title">{t('page.contact_us')}</h1>
        <p className="muted ct-page__lead">{t('contact.lead')}</p>
      </header>
      <div className="ct-page__grid">
        <div className="ct-page__side">
          <ContactCards contact={loaderData.contact} />
          <p className="ct-hint">
            {t('contact.tickets_hint')}{' '}
            <AccountAction
              to="/support-tickets"
              guestLabel={t('support.tickets_guest')}
              className="tk-link ct-hint__link"
              testId="contact-tickets"
            >
              {t('contact.tickets_link')}
            </AccountAction>
          </p>
        </div>
        <ContactForm />
      </div>
    </div>
  );
}
