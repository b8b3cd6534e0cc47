import type { ContactUs } from '@souq/contracts';
import { CONTACT_MESSAGE_MAX } from '@souq/contracts/constants';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { Field, type FieldErrors, SubmitButton, TextField, useSubmission, type ActionResult } from '~/shared/ui/form';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { MailIcon, PhoneIcon } from '~/shared/ui/icons';
import { toast } from '~/shared/ui/toast';
import { ClockIcon, PlaceIcon, WhatsAppIcon } from './icons';

/** The digits of a phone number for links: `tel:+96824567890`, `https://wa.me/96891234500`. */
const digits = (phone: string) => phone.replace(/[^\d]/g, '');

/** The ways to reach the shop: phone, e-mail, WhatsApp (from GET /contact-us), the address and hours. */
export function ContactCards({ contact }: { contact: ContactUs | null }) {
  const { t, master } = useSite();
  const cards = [
    contact?.phone
      ? {
          key: 'phone',
          icon: <PhoneIcon size={22} />,
          title: t('contact.call'),
          href: `tel:+${digits(contact.phone)}`,
          text: contact.phone,
          ltr: true,
        }
      : null,
    contact?.email
      ? {
          key: 'email',
          icon: <MailIcon size={22} />,
          title: t('contact.write'),
          href: `mailto:${contact.email}`,
          text: contact.email,
          ltr: true,
        }
      : null,
    contact?.whatsapp
      ? {
          key: 'whatsapp',
          icon: <WhatsAppIcon size={22} />,
          title: t('contact.whatsapp'),
          href: `https://wa.me/${digits(contact.whatsapp)}`,
          text: contact.whatsapp,
          ltr: true,
          external: true,
          action: t('contact.whatsapp_action'),
        }
      : null,
  ].filter((c) => c !== null);
  return (
    <section className="ct-cards" aria-labelledby="ct-ways" data-testid="contact-cards">
      <h2 className="sr-only" id="ct-ways">
        {t('contact.ways')}
      </h2>
      {!contact ? (
        <p className="acc-error ct-unavailable" role="status">
          {t('contact.unavailable')}
        </p>
      ) : null}
      <ul className="ct-cards__list">
        {cards.map((c) => (
          <li key={c.key} className="ct-card" data-testid={`contact-card-${c.key}`}>
            <span className="circle ct-card__icon">{c.icon}</span>
            <span className="ct-card__body">
              <span className="ct-card__title">{c.title}</span>
              <a
                className="ct-card__link"
                href={c.href}
                {...(c.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                aria-label={c.action ? `${c.action}: ${c.text}` : undefined}
              >
                <bdi dir={c.ltr ? 'ltr' : undefined}>{c.text}</bdi>
              </a>
            </span>
          </li>
        ))}
        {master.address ? (
          <li className="ct-card" data-testid="contact-card-address">
            <span className="circle ct-card__icon">
              <PlaceIcon size={22} />
            </span>
            <span className="ct-card__body">
              <span className="ct-card__title">{t('contact.visit')}</span>
              <span>{master.address}</span>
            </span>
          </li>
        ) : null}
        <li className="ct-card">
          <span className="circle ct-card__icon">
            <ClockIcon size={22} />
          </span>
          <span className="ct-card__body">
            <span className="ct-card__title">{t('contact.hours_title')}</span>
            <span>{t('contact.hours')}</span>
          </span>
        </li>
      </ul>
    </section>
  );
}

interface Draft {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}
const EMPTY: Draft = { name: '', email: '', phone: '', subject: '', message: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The API's rules (contracts' contactBody), said in the page's language. */
function checkDraft(d: Draft, t: (k: string) => string): FieldErrors {
  const out: FieldErrors = {};
  const len = (s: string) => [...s.trim()].length;
  if (len(d.name) < 2) out.name = t('contact.name_required');
  if (!d.email.trim() && !d.phone.trim()) out.email = t('contact.email_or_phone');
  if (d.email.trim() && !EMAIL.test(d.email.trim())) out.email = t('contact.email_invalid');
  if (d.phone.trim() && !/^\+?\d{8,16}$/.test(d.phone.replace(/[\s-]/g, ''))) out.phone = t('contact.phone_invalid');
  if (len(d.subject) < 3) out.subject = t('contact.subject_required');
  if (len(d.message) < 10) out.message = t('contact.message_required');
  return out;
}

/**
 * The contact form: checked here first, then sent by the page's action (POST /support); a success toast
 * and the subject and message emptied after.
 */
export function ContactForm() {
  const { t } = useSite();
  const user = useAuth((s) => s.user);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const fetcher = useFetcher<ActionResult<string>>();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      toast.success(t('contact.sent'));
      setDraft((d) => ({ ...d, subject: '', message: '' }));
    },
  });

  // A signed-in customer's name, e-mail and phone are filled in (once known, never over what was typed).
  useEffect(() => {
    if (!user) return;
    setDraft((d) => ({
      ...d,
      name: d.name || user.name,
      email: d.email || (user.email ?? ''),
      phone: d.phone || (user.phone ? `${user.phone_code ?? ''}${user.phone}` : ''),
    }));
  }, [user]);

  const set = (key: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check(checkDraft(draft, t))) return;
    // Nothing the page shows changes: no loader runs again.
    void fetcher.submit({ ...draft }, { method: 'post', defaultShouldRevalidate: false });
  };

  return (
    <section className="ct-form-card" aria-labelledby="ct-form-title">
      <h2 className="ct-form-card__title" id="ct-form-title">
        {t('contact.form_title')}
      </h2>
      <p className="muted ct-form-card__lead">{t('contact.form_lead')}</p>
      <form ref={formRef} className="acc-form ct-form" onSubmit={onSubmit} noValidate data-testid="contact-form">
        <TextField
          label={t('contact.name')}
          name="name"
          autoComplete="name"
          value={draft.name}
          onChange={set('name')}
          maxLength={100}
          error={errors.name}
          required
          data-testid="contact-name"
        />
        <div className="ct-form__pair">
          <TextField
            label={t('contact.email')}
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            value={draft.email}
            onChange={set('email')}
            maxLength={190}
            error={errors.email}
            data-testid="contact-email"
          />
          <TextField
            label={t('contact.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            dir="ltr"
            value={draft.phone}
            onChange={set('phone')}
            maxLength={20}
            error={errors.phone}
            data-testid="contact-phone"
          />
        </div>
        <TextField
          label={t('contact.subject')}
          name="subject"
          value={draft.subject}
          onChange={set('subject')}
          maxLength={150}
          error={errors.subject}
          required
          data-testid="contact-subject"
        />
        <Field label={t('contact.message')} error={errors.message} hint={t('contact.message_hint')} required>
          {(control) => (
            <textarea
              {...control}
              name="message"
              className="acc-input tk-textarea"
              rows={6}
              maxLength={CONTACT_MESSAGE_MAX}
              value={draft.message}
              onChange={set('message')}
              aria-required="true"
              dir="auto"
              data-testid="contact-message"
            />
          )}
        </Field>
        <div className="acc-form__actions">
          <SubmitButton busy={busy} testId="contact-send">
            {t('contact.send')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
