import { Link } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { loadAdminPages } from '~/features/admin/content-data';
import { Empty } from '~/features/admin/content-screens';
import { sellerMeta } from '~/features/seller/meta';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import type { Route } from './+types/content-pages';

export const meta = sellerMeta('page.admin_pages');
export const clientLoader = loadAdminPages;

function Page({ children }: { children: React.ReactNode }) {
  const { t } = useSite();
  return (
    <div className="ace-page" data-testid="admin-pages">
      <AccountHeading title={t('page.admin_pages')} />
      <p className="muted seller-lead">{t('admin_content.pages.lead')}</p>
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page>
      <div className="skeleton ace-skeleton" aria-busy="true" />
    </Page>
  );
}

/** /admin/pages: the legal and policy pages, each opening its editor. */
export default function AdminPagesPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  return (
    <Page>
      {loaderData.error !== undefined ? (
        <LoadFailed message={loaderData.error} />
      ) : loaderData.data.length === 0 ? (
        <Empty title={t('admin_content.pages.empty')} testId="admin-pages-empty" />
      ) : (
        <ul className="ace-list" data-testid="admin-pages-list">
          {loaderData.data.map((p) => (
            <li key={p.slug} className="ace-row" data-testid="admin-page-row" data-slug={p.slug}>
              <div className="ace-row__main">
                <Link to={`/admin/pages/${p.slug}`} className="ace-row__title">
                  <bdi>{locale === 'ar' && p.title_ar ? p.title_ar : p.title}</bdi>
                </Link>
                <p className="ace-row__meta muted">
                  <code dir="ltr">/{p.slug}</code> · {t('admin_content.pages.updated')}{' '}
                  <time dateTime={p.updated_at}>{formatDate(p.updated_at, locale)}</time>
                </p>
              </div>
              <div className="ace-row__actions">
                <Link
                  to={`/admin/pages/${p.slug}`}
                  className="btn"
                  data-testid="admin-page-edit"
                  aria-label={t('admin_content.pages.edit_named', { title: p.title })}
                >
                  {t('admin_content.edit')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
