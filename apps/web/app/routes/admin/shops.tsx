import { Form, Link, useNavigation } from 'react-router';
import { AccountHeading, LoadFailed } from '~/features/account';
import { ADMIN_SHOPS, ADMIN_SHOPS_PER_PAGE, loadAdminShops, SHOP_TABS, shopsHref } from '~/features/admin/shops-data';
import { ShopLogo, ShopStatus } from '~/features/admin/shops-screens';
import { sellerMeta } from '~/features/seller/meta';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { TextField } from '~/shared/ui/form';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/shops';

export const meta = sellerMeta('page.admin_shops');

export const clientLoader = loadAdminShops;

function Skeleton() {
  return <div className="skeleton adm-shops__skeleton" aria-busy="true" />;
}

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="adm-shops" data-testid="admin-shops">
      <AccountHeading title={t('admin.shops.title')} />
      <Skeleton />
    </div>
  );
}

/** /admin/shops?status=&search=&page=: every shop, applications first (BACKOFFICE.md "Operator console"). */
export default function AdminShopsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { status, search, page, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === ADMIN_SHOPS;
  const filtered = status !== 'all' || Boolean(search);

  return (
    <div className="adm-shops" data-testid="admin-shops">
      <AccountHeading title={t('admin.shops.title')} />
      <p className="muted seller-lead">{t('admin.shops.lead')}</p>
      <nav className="adm-tabs" aria-label={t('admin.shops.status')} data-testid="admin-shops-tabs">
        <ul className="adm-tabs__list">
          {SHOP_TABS.map((tab) => (
            <li key={tab}>
              <Link
                to={shopsHref({ status: tab, search })}
                className={`adm-tab${tab === status ? ' is-active' : ''}`}
                aria-current={tab === status ? 'page' : undefined}
                data-testid={`admin-shops-tab-${tab}`}
              >
                {t(`admin.shops.status_${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action={ADMIN_SHOPS} className="adm-shops__search" role="search" aria-label={t('admin.shops.filters')}>
        {status !== 'all' ? <input type="hidden" name="status" value={status} /> : null}
        <TextField
          id="admin-shops-search"
          type="search"
          name="search"
          label={t('admin.shops.search')}
          hint={t('admin.shops.search_hint')}
          defaultValue={search}
          key={`search-${search}`}
          maxLength={100}
          fieldClassName="adm-shops__field"
          data-testid="admin-shops-search"
        />
        <button type="submit" className="btn" data-testid="admin-shops-apply">
          {t('admin.shops.apply')}
        </button>
      </Form>
      {loading ? (
        <Skeleton />
      ) : list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.shops.length === 0 ? (
        <div className="acc-empty" data-testid="admin-shops-empty">
          <h2 className="acc-empty__title">{t(filtered ? 'admin.shops.empty_filtered' : 'admin.shops.empty')}</h2>
          {filtered ? null : <p className="muted">{t('admin.shops.empty_text')}</p>}
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite" data-testid="admin-shops-count">
            {t('admin.shops.count', { count: list.data.total })}
          </p>
          {/* A wide table scrolls inside its box, never the page; the box is focusable so a keyboard can scroll it. */}
          <div className="adm-scroll" tabIndex={0} role="region" aria-label={t('admin.shops.title')}>
            <table className="adm-table adm-shops__table" data-testid="admin-shops-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.shops.col_shop')}</th>
                  <th scope="col">{t('admin.shops.col_owner')}</th>
                  <th scope="col">{t('admin.shops.col_status')}</th>
                  <th scope="col" className="adm-num">
                    {t('admin.shops.col_products')}
                  </th>
                  <th scope="col" className="adm-num">
                    {t('admin.shops.col_orders')}
                  </th>
                  <th scope="col">{t('admin.shops.col_created')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.shops.map((s) => {
                  const name = (locale === 'ar' && s.name_ar) || s.name;
                  const other = locale === 'ar' ? s.name : s.name_ar;
                  return (
                    <tr key={s.id} data-testid="admin-shop-row" data-id={s.id} data-status={s.status}>
                      <td>
                        <div className="adm-shops__shop">
                          <ShopLogo logo={s.logo} name={name} size={40} />
                          <div>
                            <Link to={`${ADMIN_SHOPS}/${s.id}`} className="adm-shops__name" data-testid="admin-shop-link">
                              <bdi>{name}</bdi>
                            </Link>
                            {other && other !== name ? (
                              <span className="adm-shops__other">
                                <bdi>{other}</bdi>
                              </span>
                            ) : null}
                          </div>
                        </div>
                      </td>
                      <td>
                        <bdi>{s.owner.name ?? '—'}</bdi>
                        {s.owner.email ? (
                          <span className="adm-shops__contact" dir="ltr">
                            {s.owner.email}
                          </span>
                        ) : null}
                        {s.owner.phone ? (
                          <span className="adm-shops__contact" dir="ltr">
                            {s.owner.phone}
                          </span>
                        ) : null}
                      </td>
                      <td>
                        <ShopStatus status={s.status} />
                      </td>
                      <td className="adm-num">{s.total_products}</td>
                      <td className="adm-num">{s.total_orders}</td>
                      <td className="adm-nowrap">
                        <time dateTime={s.created_at}>{formatDate(s.created_at, locale)}</time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={ADMIN_SHOPS_PER_PAGE}
            hrefFor={(p) => shopsHref({ status, search, page: p })}
          />
        </>
      )}
    </div>
  );
}
