import { useState } from 'react';
import { AccountHeading } from '~/features/account';
import { JoinDialog, SaleSection, type Joining } from '~/features/seller/flash-sale-screens';
import { sellerMeta } from '~/features/seller/meta';
import { EmptyState, LoadFailed } from '~/features/seller/voucher-screens';
import { loadSellerFlashSales, sellerFlashSalesAction } from '~/features/seller/vouchers-data';
import { useSite } from '~/shared/site';
import type { Route } from './+types/flash-sales';

export const meta = sellerMeta('page.seller_flash_sales');

export const clientLoader = loadSellerFlashSales;
export const clientAction = sellerFlashSalesAction;

function Page({ children }: { children: React.ReactNode }) {
  const { t } = useSite();
  return (
    <div className="sv-page" data-testid="seller-flash-sales">
      <AccountHeading title={t('page.seller_flash_sales')} />
      <p className="muted sv-intro">{t('seller_sales.intro')}</p>
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page>
      <div className="fs-sale fs-sale--skeleton skeleton" aria-busy="true" />
    </Page>
  );
}

/** /seller/flash-sales: the operator's running and upcoming sales, the shop's products in each, join and leave. */
export default function SellerFlashSalesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const [joining, setJoining] = useState<Joining | null>(null);
  return (
    <Page>
      {loaderData.error !== undefined ? (
        <LoadFailed message={t('seller_sales.load_failed')} error={loaderData.error} testId="flash-sales-error" />
      ) : loaderData.data.length === 0 ? (
        <EmptyState title={t('seller_sales.empty')} text={t('seller_sales.empty_text')} testId="flash-sales-empty" />
      ) : (
        loaderData.data.map((sale) => <SaleSection key={sale.id} sale={sale} onJoin={setJoining} />)
      )}
      <JoinDialog joining={joining} onClose={() => setJoining(null)} />
    </Page>
  );
}
