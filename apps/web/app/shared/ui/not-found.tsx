import { Link } from 'react-router';
import { useT } from '~/shared/site';

/** The not-found screen: the not-found route and the catalogue's error boundaries show it. */
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
