import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '~/shared/ui/not-found';
import { useT } from '~/shared/site';

/**
 * Error boundary of catalogue routes: a 404 from the loader shows the not-found page inside the site
 * chrome (with the 404 status); anything else a short apology with a way home.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <section className="container not-found" role="alert">
      <h1 className="page-title">{t('catalog.load_failed')}</h1>
      <a className="btn btn-primary" href="">
        {t('catalog.retry')}
      </a>
    </section>
  );
}
