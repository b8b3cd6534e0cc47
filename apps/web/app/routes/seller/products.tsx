import type { ReactNode } from 'react';
import { Link, useNavigation } from 'react-router';
import { AccountHeading } from '~/features/account';
import { LoadFailed } from '~/features/account/load-failed';
import { sellerMeta } from '~/features/seller/meta';
import { PlusIcon } from '~/features/seller/product-icons';
import { ProductFilters, ProductsEmpty, ProductTable, ProductTableSkeleton } from '~/features/seller/product-list';
import {
  loadProductList,
  productListAction,
  productListHref,
  SELLER_PRODUCTS,
  SELLER_PRODUCTS_PER_PAGE,
} from '~/features/seller/products-data';
import { useSite, useT } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/products';

export const meta = sellerMeta('page.seller_products');

export const clientLoader = loadProductList;
export const clientAction = productListAction;

function Page({ children, count }: { children: ReactNode; count?: ReactNode }) {
  const t = useT();
  return (
    <div className="sprod" data-testid="seller-products">
      <AccountHeading title={t('seller.nav_products')}>
        {count}
        <Link to={`${SELLER_PRODUCTS}/new`} className="btn btn-primary" data-testid="sprod-new">
          <PlusIcon size={18} />
          {t('sprod.new')}
        </Link>
      </AccountHeading>
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page>
      <ProductTableSkeleton />
    </Page>
  );
}

/** /seller/products?search=&status=&category_id=&page=: the shop's products, filtered, 20 a page. */
export default function SellerProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { params, loaded } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === SELLER_PRODUCTS;
  // A page past the end (its last product deleted) says so, with the way back, as a filter with no match does.
  const filtered = !!params.search.trim() || params.status !== 'all' || params.categoryId !== null || params.page > 1;
  const data = loaded.data;
  return (
    <Page
      count={
        data ? (
          <span className="muted" data-testid="sprod-count" aria-live="polite">
            {t('sprod.count', { count: data.list.total })}
          </span>
        ) : null
      }
    >
      <ProductFilters params={params} options={data?.options ?? null} />
      {!data ? (
        <LoadFailed message={loaded.error ?? ''} />
      ) : data.list.products.length === 0 ? (
        <ProductsEmpty filtered={filtered} />
      ) : (
        <>
          <ProductTable rows={data.list.products} busy={busy} />
          <Pagination
            page={params.page}
            total={data.list.total}
            perPage={SELLER_PRODUCTS_PER_PAGE}
            hrefFor={(page) => productListHref({ ...params, page })}
          />
        </>
      )}
    </Page>
  );
}
