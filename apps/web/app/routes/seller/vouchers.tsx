import type { SellerVoucher } from '@souq/contracts';
import { useState } from 'react';
import { AccountHeading } from '~/features/account';
import { sellerMeta } from '~/features/seller/meta';
import { DeleteVoucher, EmptyState, LoadFailed, VoucherCard, VoucherDialog } from '~/features/seller/voucher-screens';
import { loadSellerVouchers, sellerVouchersAction, VOUCHERS_PER_PAGE } from '~/features/seller/vouchers-data';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/vouchers';

export const meta = sellerMeta('page.seller_vouchers');

export const clientLoader = loadSellerVouchers;
export const clientAction = sellerVouchersAction;

function Page({ children, onNew }: { children: React.ReactNode; onNew?: () => void }) {
  const { t } = useSite();
  return (
    <div className="sv-page" data-testid="seller-vouchers">
      <AccountHeading title={t('page.seller_vouchers')}>
        {onNew ? (
          <button type="button" className="btn btn-primary" onClick={onNew} data-testid="voucher-new">
            {t('seller_vouchers.new')}
          </button>
        ) : null}
      </AccountHeading>
      <p className="muted sv-intro">{t('seller_vouchers.intro')}</p>
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page>
      <ul className="sv-list" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="sv-card sv-card--skeleton skeleton" />
        ))}
      </ul>
    </Page>
  );
}

/** /seller/vouchers?page=: the shop's vouchers with their status; create, edit, switch on or off, delete. */
export default function SellerVouchersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { page, list } = loaderData;
  const [editing, setEditing] = useState<{ voucher: SellerVoucher | null } | null>(null);
  const [deleting, setDeleting] = useState<SellerVoucher | null>(null);
  const openNew = () => setEditing({ voucher: null });
  return (
    <Page onNew={list.data ? openNew : undefined}>
      {list.error !== undefined ? (
        <LoadFailed message={t('seller_vouchers.load_failed')} error={list.error} testId="vouchers-error" />
      ) : list.data.total === 0 ? (
        <EmptyState title={t('seller_vouchers.empty')} text={t('seller_vouchers.empty_text')} testId="vouchers-empty">
          <button type="button" className="btn btn-primary" onClick={openNew}>
            {t('seller_vouchers.new')}
          </button>
        </EmptyState>
      ) : (
        <section aria-labelledby="sv-list-title">
          <h2 id="sv-list-title" className="sv-count">
            {t('seller_vouchers.count', { count: list.data.total })}
          </h2>
          <ul className="sv-list">
            {list.data.vouchers.map((v) => (
              <VoucherCard key={v.id} voucher={v} onEdit={() => setEditing({ voucher: v })} onDelete={() => setDeleting(v)} />
            ))}
          </ul>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={VOUCHERS_PER_PAGE}
            hrefFor={(n) => (n > 1 ? `/seller/vouchers?page=${n}` : '/seller/vouchers')}
          />
        </section>
      )}
      <VoucherDialog open={!!editing} voucher={editing?.voucher ?? null} onClose={() => setEditing(null)} />
      <DeleteVoucher voucher={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
