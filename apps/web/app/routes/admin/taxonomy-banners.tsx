import type { AdminBanner } from '@souq/contracts';
import { TAXONOMY_PER_PAGE } from '@souq/contracts/admin-taxonomy-constants';
import { useState } from 'react';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { BANNERS, bannersAction, loadBanners } from '~/features/admin/taxonomy-data';
import { BannerDialog, DeleteQuestion, ShownSwitch } from '~/features/admin/taxonomy-screens';
import { sellerMeta } from '~/features/seller/meta';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/taxonomy-banners';

export const meta = sellerMeta('page.admin_banners');

export const clientLoader = loadBanners;
export const clientAction = bannersAction;

function Page({ children, onNew }: { children: React.ReactNode; onNew?: () => void }) {
  const { t } = useSite();
  return (
    <div className="tax-page" data-testid="admin-banners">
      <AccountHeading title={t('page.admin_banners')}>
        {onNew ? (
          <button type="button" className="btn btn-primary" onClick={onNew} data-testid="banner-new">
            {t('admin.banners.new')}
          </button>
        ) : null}
      </AccountHeading>
      <p className="muted tax-lead">{t('admin.banners.lead')}</p>
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page>
      <div className="skeleton tax-skeleton" aria-busy="true" />
    </Page>
  );
}

/** /admin/banners?page=: the home page's banners with their pictures; add, edit, order, switch on or off, delete. */
export default function AdminBannersPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { page, list } = loaderData;
  const [editing, setEditing] = useState<{ banner: AdminBanner | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const openNew = () => setEditing({ banner: null });
  const titleOf = (b: AdminBanner) => (locale === 'ar' && b.title_ar ? b.title_ar : b.title);
  return (
    <Page onNew={list.data ? openNew : undefined}>
      {list.error !== undefined ? (
        <LoadFailed message={`${t('admin.tax.load_failed')} ${list.error}`} />
      ) : list.data.total === 0 ? (
        <div className="acc-empty" data-testid="banners-empty">
          <h2 className="acc-empty__title">{t('admin.banners.empty')}</h2>
          <p className="muted">{t('admin.banners.empty_text')}</p>
          <button type="button" className="btn btn-primary" onClick={openNew}>
            {t('admin.banners.new')}
          </button>
        </div>
      ) : (
        <div>
          <h2 id="banners-count" className="tax-count">
            {t('admin.banners.count', { count: list.data.total })}
          </h2>
          <div className="admin-audit__scroll" tabIndex={0} role="region" aria-labelledby="banners-count">
            <table className="admin-audit__table tax-table" data-testid="banners-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.banners.col.image')}</th>
                  <th scope="col">{t('admin.banners.col.title')}</th>
                  <th scope="col">{t('admin.banners.col.link')}</th>
                  <th scope="col">{t('admin.banners.col.placement')}</th>
                  <th scope="col">{t('admin.tax.col.sort')}</th>
                  <th scope="col">{t('admin.tax.col.status')}</th>
                  <th scope="col">{t('admin.tax.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.banners.map((b) => (
                  <tr key={b.id} data-testid="banner-row" data-title={b.title}>
                    <td className="tax-table__banner">
                      <Img src={b.image} alt="" width={144} height={48} className="tax-banner-img" />
                    </td>
                    <th scope="row" className="tax-table__name">
                      <bdi>{titleOf(b)}</bdi>
                      <span className="muted tax-table__other" dir="auto">
                        {locale === 'ar' ? b.title : b.title_ar}
                      </span>
                    </th>
                    <td dir="ltr" className="tax-table__slug">
                      {b.link ? <code>{b.link}</code> : <span className="muted">{t('admin.banners.no_link')}</span>}
                    </td>
                    <td>{t(`admin.banners.placement.${b.placement}`)}</td>
                    <td dir="ltr">{b.sort}</td>
                    <td>
                      <ShownSwitch target={{ kind: null }} id={b.id} name={titleOf(b)} on={b.is_active} />
                    </td>
                    <td className="tax-table__actions">
                      <button
                        type="button"
                        className="btn btn-sm"
                        onClick={() => setEditing({ banner: b })}
                        aria-label={t('admin.tax.edit_named', { name: titleOf(b) })}
                        data-testid="banner-edit"
                      >
                        {t('admin.tax.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm sv-danger"
                        onClick={() => setDeleting(b)}
                        aria-label={t('admin.tax.delete_named', { name: titleOf(b) })}
                        data-testid="banner-delete"
                      >
                        {t('admin.tax.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={TAXONOMY_PER_PAGE}
            hrefFor={(n) => (n > 1 ? `${BANNERS}?page=${n}` : BANNERS)}
          />
        </div>
      )}
      <BannerDialog open={!!editing} banner={editing?.banner ?? null} onClose={() => setEditing(null)} />
      <DeleteQuestion
        target={{ kind: null }}
        entry={deleting ? { id: deleting.id, name: titleOf(deleting), is_active: deleting.is_active } : null}
        text={t('admin.banners.delete_text')}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
