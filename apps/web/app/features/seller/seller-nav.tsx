import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSite } from '~/shared/site';
import { SELLER_NAV, type SellerNavEntry } from './nav';

/**
 * The seller centre's sections (./nav.ts): a column beside the page on wide screens, a bar that scrolls
 * sideways on its own (never the page) on narrow ones, the current section kept in view. A list of links
 * in a named navigation landmark; the current one says so (`aria-current="page"`, from NavLink).
 */
export function SellerNav({ unread = 0, entries = SELLER_NAV }: { unread?: number; entries?: readonly SellerNavEntry[] }) {
  const { t } = useSite();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // In the bar, the current section scrolls into view: the bar sideways, never the page.
  useEffect(() => {
    const bar = list.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current || bar.scrollWidth <= bar.clientWidth) return;
    const outer = bar.getBoundingClientRect();
    const inner = current.getBoundingClientRect();
    const gap = 24;
    if (inner.left < outer.left) bar.scrollBy({ left: inner.left - outer.left - gap });
    else if (inner.right > outer.right) bar.scrollBy({ left: inner.right - outer.right + gap });
  }, [pathname]);

  return (
    <nav className="seller-nav" aria-label={t('seller.nav')} data-testid="seller-nav">
      <ul className="seller-nav__list" ref={list}>
        {entries.map((l) => {
          const badge = l.badge === 'unread' ? unread : 0;
          return (
            <li key={l.to} className="seller-nav__item">
              <NavLink
                to={l.to}
                end={l.end}
                className={({ isActive }) => `seller-nav__link${isActive ? ' is-active' : ''}`}
                data-testid={l.testId}
              >
                <l.icon size={20} />
                <span className="seller-nav__label">{t(l.label)}</span>
                {badge > 0 ? (
                  <span className="badge" aria-label={t('account.unread', { count: badge })} data-testid="seller-unread-badge">
                    {badge}
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
