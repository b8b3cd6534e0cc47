import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSite } from '~/features/settings/site';
import { ChevronDownIcon, ChevronIcon, DownloadIcon, GridIcon } from '~/shared/ui/icons';
import type { ChromeCategory } from './layout-data';
import { MenuLink } from './nav-link';

export function StoreBadges() {
  const { master, t } = useSite();
  return (
    <div className="store-badges">
      {master.google_playstore_link ? (
        <a href={master.google_playstore_link} target="_blank" rel="noopener noreferrer" aria-label={t('chrome.google_play')}>
          <img src="/uploads/brand/google-play.svg" alt={t('chrome.google_play')} width={135} height={40} loading="lazy" />
        </a>
      ) : null}
      {master.app_store_link ? (
        <a href={master.app_store_link} target="_blank" rel="noopener noreferrer" aria-label={t('chrome.app_store')}>
          <img src="/uploads/brand/app-store.svg" alt={t('chrome.app_store')} width={135} height={40} loading="lazy" />
        </a>
      ) : null}
    </div>
  );
}

function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => !ref.current?.contains(e.target as Node) && close();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);
  return ref;
}

export function CategoriesMenu({ categories }: { categories: ChromeCategory[] }) {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const location = useLocation();
  const ref = useDismiss(open, () => setOpen(false));
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  const current = categories.find((c) => c.id === active) ?? categories[0];
  return (
    <div className="cat-menu" ref={ref}>
      <button
        type="button"
        className="cat-menu__trigger"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        data-testid="categories-button"
      >
        <GridIcon size={18} />
        {t('chrome.categories')}
        <ChevronDownIcon size={14} />
      </button>
      {open && categories.length ? (
        <div className="cat-menu__panel" data-testid="categories-panel">
          <ul className="cat-menu__list">
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/categories/${c.slug}`}
                  className={`cat-menu__cat${current?.id === c.id ? ' is-active' : ''}`}
                  onMouseEnter={() => setActive(c.id)}
                  onFocus={() => setActive(c.id)}
                >
                  {c.thumbnail ? <img src={c.thumbnail} alt="" width={28} height={28} loading="lazy" /> : null}
                  <span>{c.name}</span>
                  {c.sub_categories.length ? <ChevronIcon size={14} className="cat-menu__chev" /> : null}
                </Link>
              </li>
            ))}
          </ul>
          {current ? (
            <div className="cat-menu__subs">
              <Link className="cat-menu__subs-title" to={`/categories/${current.slug}`}>
                {current.name}
              </Link>
              <div className="cat-menu__grid">
                {current.sub_categories.map((s) => (
                  <Link key={s.id} to={`/categories/${current.slug}?subcategory=${s.id}`} className="cat-menu__sub">
                    {s.thumbnail ? <img src={s.thumbnail} alt="" width={56} height={56} loading="lazy" /> : null}
                    <span>{s.name}</span>
                  </Link>
                ))}
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function DownloadApp() {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  const ref = useDismiss(open, () => setOpen(false));
  return (
    <div className="menu download-app" ref={ref}>
      <button
        type="button"
        className="bottom-bar__link"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
      >
        <DownloadIcon size={16} />
        {t('chrome.download_app')}
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <div className="menu__list menu__list--end download-app__panel">
          <StoreBadges />
        </div>
      ) : null}
    </div>
  );
}

export function BottomBar({ categories }: { categories: ChromeCategory[] }) {
  const { master, t } = useSite();
  return (
    <nav className="bottom-bar hide-lg" aria-label={t('chrome.main_menu')}>
      <div className="container bottom-bar__inner">
        <CategoriesMenu categories={categories} />
        <ul className="bottom-bar__links">
          {master.menus.map((m) => (
            <li key={m.id}>
              <MenuLink item={m} className="bottom-bar__link" />
            </li>
          ))}
        </ul>
        {master.show_download_app ? <DownloadApp /> : null}
      </div>
    </nav>
  );
}
