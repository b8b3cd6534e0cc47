import { Link } from 'react-router';
import { orNotFound } from '~/features/catalog/api';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { fetchLegalPage } from '~/features/content/api';
import { sanitizeArticle } from '~/features/content/rich-text.server';
import { formatDate } from '~/shared/dates';
import { requestLocale } from '~/shared/i18n';
import { pageMeta } from '~/shared/seo';
import { useSite } from '~/shared/site';
import { MailIcon } from '~/shared/ui/icons';
import type { Route } from './+types/legal';
import { Breadcrumbs } from '~/shared/ui/breadcrumbs';

/** The pages with a route of their own (routes.ts ids); anything else is /page/{slug}. */
const NAMED = ['about-us', 'terms-and-conditions', 'privacy-policy'] as const;
const NAMED_TITLES: Record<(typeof NAMED)[number], string> = {
  'about-us': 'page.about',
  'terms-and-conditions': 'page.terms',
  'privacy-policy': 'page.privacy',
};
const isNamed = (slug: string): slug is (typeof NAMED)[number] => (NAMED as readonly string[]).includes(slug);
/** Where a page lives: its own route for the named ones (so /page/about-us is not a second address). */
const pathOf = (slug: string) => (isNamed(slug) ? `/${slug}` : `/page/${encodeURIComponent(slug)}`);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The route id names the page for /about-us, /terms-and-conditions and /privacy-policy.
  const slug = params.slug ?? new URL(request.url).pathname.replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9][a-z0-9-]{0,189}$/.test(slug)) throw new Response('Not found', { status: 404 });
  const content = await orNotFound(fetchLegalPage({ locale: requestLocale(request), context }, slug));
  return { slug, content: { ...content, description: sanitizeArticle(content.description) } };
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ data }) => {
  if (!data) return null;
  const path = pathOf(data.slug);
  return {
    title: data.content.title,
    description: data.content.description,
    path,
    crumbs: [{ name: data.content.title, path }],
  };
});

export const ErrorBoundary = RouteErrorBoundary;

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { slug, content } = loaderData;
  const { t, locale } = useSite();
  return (
    <div className="container legal-page">
      <Breadcrumbs items={[{ name: t('page.home'), href: '/' }, { name: content.title }]} />
      <div className="legal-page__layout">
        <article className="legal-article" data-testid="legal-page">
          <header className="legal-article__head">
            <h1 className="page-title">{content.title}</h1>
            <p className="muted">
              {t('legal.updated')} <time dateTime={content.updated_at}>{formatDate(content.updated_at, locale)}</time>
            </p>
          </header>
          <div
            className="rich-text legal-article__body"
            data-testid="legal-body"
            dangerouslySetInnerHTML={{ __html: content.description }}
          />
        </article>
        <aside className="legal-aside">
          <nav className="legal-aside__card" aria-labelledby="legal-more">
            <h2 className="legal-aside__title" id="legal-more">
              {t('legal.more_pages')}
            </h2>
            <ul className="legal-aside__links">
              {NAMED.map((s) => (
                <li key={s}>
                  <Link
                    to={pathOf(s)}
                    aria-current={s === slug ? 'page' : undefined}
                    className={s === slug ? 'is-current' : undefined}
                  >
                    {t(NAMED_TITLES[s])}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className="legal-aside__card legal-help" aria-labelledby="legal-help">
            <h2 className="legal-aside__title" id="legal-help">
              {t('legal.help_title')}
            </h2>
            <p className="muted">{t('legal.help_text')}</p>
            <div className="legal-help__actions">
              <Link to="/contact-us" className="btn btn-primary btn-sm">
                <MailIcon size={16} />
                {t('legal.contact')}
              </Link>
              <Link to="/support" className="btn btn-ghost btn-sm">
                {t('legal.support')}
              </Link>
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}
