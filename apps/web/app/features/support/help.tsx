import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TicketIcon } from '~/features/account';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { openOverlay } from '~/shared/ui-store';
import { MailIcon } from '~/shared/ui/icons';
import { FileIcon, HelpIcon } from './icons';

/**
 * The way to an account page (tickets, orders): a link for a signed-in customer; for a guest a button
 * that opens the sign-in dialog (account pages send guests home).
 */
export function AccountAction({
  to,
  guestLabel,
  className,
  children,
  testId,
}: {
  to: string;
  guestLabel: string;
  className: string;
  children: ReactNode;
  testId: string;
}) {
  const token = useAuth((s) => s.token);
  if (token) {
    return (
      <Link to={to} className={className} data-testid={testId}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={() => openOverlay('login')} data-testid={`${testId}-login`}>
      {guestLabel}
    </button>
  );
}

const FAQ = [1, 2, 3, 4, 5] as const;

/** The help page (/support): where to go for what, and answers to the common questions. */
export function HelpCentre() {
  const { t } = useSite();
  const card = (key: string, icon: ReactNode, action: ReactNode) => (
    <li className="help-card" data-testid={`help-${key}`}>
      <span className="help-card__icon">{icon}</span>
      <h2 className="help-card__title">{t(`support.${key}_title`)}</h2>
      <p className="muted help-card__text">{t(`support.${key}_text`)}</p>
      {action}
    </li>
  );
  return (
    <>
      <ul className="help-cards">
        {card(
          'tickets',
          <TicketIcon size={26} />,
          <AccountAction
            to="/support-tickets"
            guestLabel={t('support.tickets_guest')}
            className="btn btn-primary help-card__action"
            testId="help-tickets"
          >
            {t('support.tickets_action')}
          </AccountAction>,
        )}
        {card(
          'contact',
          <MailIcon size={26} />,
          <Link to="/contact-us" className="btn help-card__action">
            {t('support.contact_action')}
          </Link>,
        )}
        {card(
          'orders',
          <FileIcon size={26} />,
          <AccountAction
            to="/order-history"
            guestLabel={t('support.orders_guest')}
            className="btn help-card__action"
            testId="help-orders"
          >
            {t('support.orders_action')}
          </AccountAction>,
        )}
      </ul>
      <section className="help-faq" aria-labelledby="help-faq-title">
        <h2 className="help-faq__title" id="help-faq-title">
          <HelpIcon size={22} />
          {t('support.faq_title')}
        </h2>
        {FAQ.map((n) => (
          <details key={n} className="help-faq__item" data-testid="help-faq">
            <summary className="help-faq__q">{t(`support.faq.${n}.q`)}</summary>
            <p className="help-faq__a">{t(`support.faq.${n}.a`)}</p>
          </details>
        ))}
      </section>
    </>
  );
}
