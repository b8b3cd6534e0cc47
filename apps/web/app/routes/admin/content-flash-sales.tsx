import type { AdminFlashSale } from '@souq/contracts';
import { ADMIN_CONTENT_PER_PAGE } from '@souq/contracts/constants';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { adminFlashSalesAction, loadAdminFlashSales, toLocalInput, type FlashSalesAnswer } from '~/features/admin/content-data';
import { Empty, OnOff } from '~/features/admin/content-screens';
import { sellerMeta } from '~/features/seller/meta';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { useOnAnswer } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { Pagination } from '~/shared/ui/pagination';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/content-flash-sales';

export const meta = sellerMeta('page.admin_flash_sales');
export const clientLoader = loadAdminFlashSales;
export const clientAction = adminFlashSalesAction;

function Page({ children }: { children: React.ReactNode }) {
  const { t } = useSite();
  return (
    <div className="ace-page" data-testid="admin-flash-sales">
      <AccountHeading title={t('page.admin_flash_sales')}>
        <Link to="/admin/flash-sales/new" className="btn btn-primary" data-testid="admin-sale-new">
          {t('admin_content.sales.new')}
        </Link>
      </AccountHeading>
      <p className="muted seller-lead">{t('admin_content.sales.lead')}</p>
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

/** "2026-12-01 09:30" in Oman's time. */
export const moment = (iso: string) => toLocalInput(iso).replace('T', ' ');

/** /admin/flash-sales?page=: every sale with its dates, status and products counted. */
export default function AdminFlashSalesPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { page, list } = loaderData;
  const [deleting, setDeleting] = useState<AdminFlashSale | null>(null);
  return (
    <Page>
      {list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.total === 0 ? (
        <Empty title={t('admin_content.sales.empty')} testId="admin-sales-empty" />
      ) : (
        <>
          <ul className="ace-list" data-testid="admin-sales-list">
            {list.data.flash_sales.map((s) => (
              <li key={s.id} className="ace-row" data-testid="admin-sale-row">
                <Img src={s.thumbnail} alt="" width={96} height={60} className="ace-row__img" />
                <div className="ace-row__main">
                  <Link to={`/admin/flash-sales/${s.id}`} className="ace-row__title">
                    <bdi>{locale === 'ar' && s.name_ar ? s.name_ar : s.name}</bdi>
                  </Link>
                  <p className="ace-row__meta muted">
                    <span dir="ltr">
                      {moment(s.starts_at)} – {moment(s.ends_at)}
                    </span>{' '}
                    · {t('admin_content.sales.products', { count: s.products_count })} ·{' '}
                    <OnOff on={s.status === 'running' || s.status === 'upcoming'}>
                      {t(`admin_content.sales.status_${s.status}`)}
                    </OnOff>
                  </p>
                </div>
                <div className="ace-row__actions">
                  <Link to={`/admin/flash-sales/${s.id}`} className="btn">
                    {t('admin_content.edit')}
                  </Link>
                  <button
                    type="button"
                    className="btn btn-danger-outline"
                    onClick={() => setDeleting(s)}
                    data-testid="admin-sale-delete"
                  >
                    {t('admin_content.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={ADMIN_CONTENT_PER_PAGE}
            hrefFor={(p) => (p > 1 ? `/admin/flash-sales?page=${p}` : '/admin/flash-sales')}
          />
        </>
      )}
      <DeleteSale sale={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}

function DeleteSale({ sale, onClose }: { sale: AdminFlashSale | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<FlashSalesAnswer>();
  useOnAnswer(fetcher.data, (a) => {
    if (a.ok) toast.success(t('admin_content.sales.deleted'));
    onClose();
  });
  return (
    <ConfirmDialog
      open={!!sale}
      title={t('admin_content.sales.delete_title')}
      busy={fetcher.state !== 'idle'}
      onClose={onClose}
      onConfirm={() => sale && void fetcher.submit({ id: String(sale.id) }, { method: 'post' })}
      testId="admin-sale-delete-dialog"
    >
      {t('admin_content.sales.delete_text', { name: sale?.name ?? '', count: sale?.products_count ?? 0 })}
    </ConfirmDialog>
  );
}
