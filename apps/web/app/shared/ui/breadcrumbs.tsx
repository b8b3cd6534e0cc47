import { Link } from 'react-router';
import { useSite } from '~/shared/site';

export interface Crumb {
  name: string;
  /** Absent on the current page's own step (the last). */
  href?: string;
}

/** The trail above a page's heading: links to the pages above it, then the page itself (aria-current). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useSite();
  return (
    <nav className="breadcrumbs" aria-label={t('catalog.breadcrumbs')}>
      {items.map((it, i) => (
        <span key={i} className="breadcrumbs__item">
          {i > 0 ? <span aria-hidden="true">›</span> : null}
          {it.href ? (
            <Link to={it.href}>{it.name}</Link>
          ) : (
            // Only the last is the page itself; an earlier one without a link is only named.
            <span aria-current={i === items.length - 1 ? 'page' : undefined}>{it.name}</span>
          )}
        </span>
      ))}
    </nav>
  );
}
