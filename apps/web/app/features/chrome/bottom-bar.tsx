import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { Dropdown } from '~/shared/ui/dropdown';
import { ChevronIcon, DownloadIcon, GridIcon } from '~/shared/ui/icons';
import type { ChromeCategory } from '~/shared/layout-data';
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

/**
 * The header's categories: a drop-down that opens without script (decision 012). Pointing at or focusing
 * a category shows its sub-categories (CSS, no state); the first category's show until then.
 */
export function CategoriesMenu({ categories }: { categories: ChromeCategory[] }) {
  const { t } = useSite();
  if (!categories.length) return null;
  return (
    <Dropdown
      className="cat-menu"
      summaryClassName="cat-menu__trigger"
      testId="categories-menu"
      summaryTestId="categories-button"
      summary={
        <>
          <GridIcon size={18} />
          {t('chrome.categories')}
        </>
      }
    >
      <div className="cat-menu__panel" data-testid="categories-panel">
        <ul className="cat-menu__list">
          {categories.map((c) => (
            <li key={c.id} className="cat-menu__item">
              <Link to={`/categories/${c.slug}`} className="cat-menu__cat">
                {c.thumbnail ? <img src={c.thumbnail} alt="" width={28} height={28} loading="lazy" /> : null}
                <span>{c.name}</span>
                {c.sub_categories.length ? <ChevronIcon size={14} className="cat-menu__chev" /> : null}
              </Link>
              <div className="cat-menu__subs">
                <Link className="cat-menu__subs-title" to={`/categories/${c.slug}`} tabIndex={-1}>
                  {c.name}
                </Link>
                <div className="cat-menu__grid">
                  {c.sub_categories.map((s) => (
                    <Link key={s.id} to={`/categories/${c.slug}?subcategory=${s.id}`} className="cat-menu__sub">
                      {s.thumbnail ? <img src={s.thumbnail} alt="" width={56} height={56} loading="lazy" /> : null}
                      <span>{s.name}</span>
                    </Link>
                  ))}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Dropdown>
  );
}

function DownloadApp() {
  const { t } = useSite();
  return (
    <Dropdown
      className="menu download-app"
      summaryClassName="bottom-bar__link"
      summary={
        <>
          <DownloadIcon size={16} />
          {t('chrome.download_app')}
        </>
      }
    >
      <div className="menu__list menu__list--end download-app__panel">
        <StoreBadges />
      </div>
    </Dropdown>
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
