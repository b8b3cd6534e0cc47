import { data, Link } from 'react-router';
import { useT } from '~/shared/site';
import { titleMeta } from '~/shared/page';

export const meta = titleMeta('page.not_found');

/** Any unlisted path: the not-found page inside the site chrome, with HTTP 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export function ErrorBoundary() {
  return <NotFound />;
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export function NotFound() {
  const t = useT();
  return (
    <section className="container not-found" aria-labelledby="nf-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title" className="page-title">
        {t('page.not_found')}
      </h1>
      <p className="muted">{t('not_found.text')}</p>
      <Link className="btn btn-primary" to="/">
        {t('not_found.home')}
      </Link>
    </section>
  );
}
