import { Link } from 'react-router';
import { Invoice, InvoiceMissing, InvoiceSkeleton } from '~/features/orders/invoice';
import { loadCustomerOrder } from '~/features/orders/order-loader';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import type { Route } from './+types/order-invoice';

export const meta = titleMeta('page.invoice');

export const clientLoader = (args: Route.ClientLoaderArgs) => loadCustomerOrder(args);

export function HydrateFallback() {
  return <InvoiceSkeleton />;
}

/** /order-history/:id/invoice: a customer's order as a printable tax invoice, without the site's chrome. */
export default function OrderInvoicePage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useSite();
  const back = { to: `/order-history/${params.id}`, label: t('invoice.back_to_order') };
  if (loaderData === null)
    return (
      <InvoiceMissing title={t('invoice.sign_in')}>
        <Link to={back.to} className="btn btn-primary">
          {t('invoice.sign_in_action')}
        </Link>
      </InvoiceMissing>
    );
  if (!loaderData) return <InvoiceSkeleton />;
  if (loaderData.error !== undefined) return <InvoiceMissing title={loaderData.error} />;
  if (!loaderData.data)
    return (
      <InvoiceMissing title={t('orders.not_found')}>
        <Link to="/order-history" className="btn btn-primary">
          {t('orders.back')}
        </Link>
      </InvoiceMissing>
    );
  return <Invoice order={loaderData.data} back={back} />;
}
