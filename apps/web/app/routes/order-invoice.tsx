import { Link } from 'react-router';
import { loadAccount } from '~/features/account/api';
import { fetchOrder } from '~/features/orders/api';
import { Invoice, InvoiceMissing, InvoiceSkeleton } from '~/features/orders/invoice';
import { ApiError } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import type { Route } from './+types/order-invoice';

export const meta = titleMeta('page.invoice');

const orderIdOf = (id: string | undefined) => (/^\d{1,10}$/.test(id ?? '') ? Number(id) : null);

/** The order, null when it is not one of this customer's; null as a whole when nobody is signed in. */
export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) =>
  loadAccount(async () => {
    const id = orderIdOf(params.id);
    if (!id) return null;
    try {
      return await fetchOrder(id, documentLocale(), request.signal);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 422 || e.status === 403)) return null;
      throw e;
    }
  });

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
