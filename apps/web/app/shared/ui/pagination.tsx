import { Link } from 'react-router';
import { useT } from '~/shared/site';
import { ChevronIcon } from './icons';

/** At most this many numbered page buttons (SPEC §9). */
export const MAX_PAGE_BUTTONS = 5;

/** The numbered pages to show: a window of at most five around the current page. */
export function pageWindow(page: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const count = Math.min(max, pages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export interface PaginationProps {
  page: number;
  total: number;
  perPage: number;
  hrefFor(page: number): string;
}

/** Previous / next and up to five page links (real links, so results pages are crawlable). */
export function Pagination({ page, total, perPage, hrefFor }: PaginationProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav className="pagination" aria-label={t('catalog.pagination')} data-testid="pagination">
      {current > 1 ? (
        <Link className="pagination__step" to={hrefFor(current - 1)} rel="prev" aria-label={t('catalog.previous_page')}>
          <ChevronIcon className="pagination__prev" />
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-hidden="true">
          <ChevronIcon className="pagination__prev" />
        </span>
      )}
      {pageWindow(current, pages).map((n) => (
        <Link
          key={n}
          to={hrefFor(n)}
          className={n === current ? 'pagination__page is-current' : 'pagination__page'}
          aria-current={n === current ? 'page' : undefined}
          aria-label={t('catalog.page_n', { n })}
        >
          {n}
        </Link>
      ))}
      {current < pages ? (
        <Link className="pagination__step" to={hrefFor(current + 1)} rel="next" aria-label={t('catalog.next_page')}>
          <ChevronIcon />
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-hidden="true">
          <ChevronIcon />
        </span>
      )}
    </nav>
  );
}
