import { Link } from 'react-router';
import { Invoice, InvoiceMissing, InvoiceSkeleton } from '~/features/orders/invoice';
import { fetchSellerOrder } from '~/features/seller/api';
import { loadSeller } from '~/features/seller/data';
import { sellerMeta } from '~/features/seller/meta';
import { ApiError } from '~/shared/api';
import { useSite } from '~/shared/site';
import type { Route } from './+types/seller-order-invoice';

export const meta = sellerMeta('page.seller_invoice');

/** The shop's order (another shop's is "not found"); a signed-out visitor goes to the seller's sign-in. */
export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) =>
  loadSeller(async () => {
    const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : null;
    if (!id) return null;
    try {
      return await fetchSellerOrder(id, request.signal);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 422 || e.status === 403)) return null;
      throw e;
    }
  }, request);

export function HydrateFallback() {
  return <InvoiceSkeleton />;
}

/** /seller/orders/:id/invoice: the shop prints an order's tax invoice, without the seller centre's frame. */
export default function SellerOrderInvoicePage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useSite();
  if (loaderData.error !== undefined) return <InvoiceMissing title={loaderData.error} />;
  if (!loaderData.data)
    return (
      <InvoiceMissing title={t('orders.not_found')}>
        <Link to="/seller/orders" className="btn btn-primary">
          {t('invoice.back_to_orders')}
        </Link>
      </InvoiceMissing>
    );
  return (
    <Invoice order={loaderData.data} back={{ to: `/seller/orders?order=${params.id}`, label: t('invoice.back_to_order') }} />
  );
}
