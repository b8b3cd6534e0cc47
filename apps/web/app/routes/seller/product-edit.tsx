import { useState, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { AccountHeading } from '~/features/account';
import { LoadFailed } from '~/features/account/load-failed';
import { sellerMeta } from '~/features/seller/meta';
import { BackToProducts, ProductForm } from '~/features/seller/product-form';
import { loadEditProduct, productFormAction, SELLER_PRODUCTS } from '~/features/seller/products-data';
import { useSite, useT } from '~/shared/site';
import type { Route } from './+types/product-edit';

export const meta = sellerMeta('page.seller_product_edit');

export const clientLoader = loadEditProduct;
export const clientAction = productFormAction;

function Page({ children, title }: { children: ReactNode; title?: string }) {
  const t = useT();
  return (
    <div className="spf-page" data-testid="seller-product-edit">
      <AccountHeading title={title ?? t('page.seller_product_edit')}>
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

/**
 * /seller/products/:id: the product's form and pictures. Another shop's product (404) is not found here.
 * After a 412 the seller may load the product again: the form starts over from what is saved.
 */
export default function SellerProductEditPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const revalidator = useRevalidator();
  const [version, setVersion] = useState(0);
  const { product, options } = loaderData;
  if (product?.error !== undefined && product.status === 404)
    return (
      <Page>
        <div className="acc-empty" data-testid="spf-not-found">
          <p>{t('sprod.not_found')}</p>
          <Link to={SELLER_PRODUCTS} className="btn">
            {t('sprod.back')}
          </Link>
        </div>
      </Page>
    );
  if (!product || product.error !== undefined || options.error !== undefined)
    return (
      <Page>
        <LoadFailed message={product?.error ?? options.error ?? ''} />
      </Page>
    );
  const p = product.data.product;
  const name = locale === 'ar' ? p.name_ar || p.name : p.name;
  return (
    <Page title={`${t('page.seller_product_edit')}: ${name}`}>
      <ProductForm
        key={`${p.id}-${version}`}
        loaded={product.data}
        options={options.data}
        onReload={() => void revalidator.revalidate().then(() => setVersion((v) => v + 1))}
      />
    </Page>
  );
}
