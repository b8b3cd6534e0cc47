import type { ReactNode } from 'react';
import { AccountHeading } from '~/features/account';
import { LoadFailed } from '~/features/account/load-failed';
import { sellerMeta } from '~/features/seller/meta';
import { BackToProducts, ProductForm } from '~/features/seller/product-form';
import { loadNewProduct, productFormAction } from '~/features/seller/products-data';
import { useT } from '~/shared/site';
import type { Route } from './+types/product-new';

export const meta = sellerMeta('page.seller_product_new');

export const clientLoader = loadNewProduct;
export const clientAction = productFormAction;

function Page({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="spf-page" data-testid="seller-product-new">
      <AccountHeading title={t('page.seller_product_new')}>
        <BackToProducts />
      </AccountHeading>
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page>
      <div className="skeleton spf-skeleton" aria-busy="true" />
    </Page>
  );
}

/** /seller/products/new: a new product; created, on to its own page (where its pictures are managed). */
export default function SellerProductNewPage({ loaderData }: Route.ComponentProps) {
  const { options } = loaderData;
  return (
    <Page>
      {options.error !== undefined ? (
        <LoadFailed message={options.error} />
      ) : (
        <ProductForm loaded={null} options={options.data} onReload={() => undefined} />
      )}
    </Page>
  );
}
