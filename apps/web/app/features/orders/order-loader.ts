import { loadAccount } from '~/features/account';
import { ApiError } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { fetchOrder } from './api';

/** An order's id from the address: a whole number of up to ten digits, else null. */
export const orderIdOf = (id: string | undefined) => (/^\d{1,10}$/.test(id ?? '') ? Number(id) : null);

/**
 * The loader of a customer's order screens (the order page and its invoice): the order, or null when it
 * is not one of this customer's (another's id is "not found", as is a bad one); null as a whole when
 * nobody is signed in (loadAccount).
 */
export const loadCustomerOrder = ({ params, request }: { params: { id?: string }; request: Request }) =>
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
