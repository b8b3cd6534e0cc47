import { redirect } from 'react-router';
import { errorMessage, type PageData } from '~/features/account';
import { ApiError } from '~/shared/api';
import { sellerToken } from './store';

export const SELLER_LOGIN = '/seller/login';
/** The seller centre's first page (the dashboard): where a sign-in without a page to return to goes. */
export const SELLER_HOME = '/seller';

/** The sign-in's address; `back` (a seller page's path and query) is where the sign-in returns to. */
export function sellerLoginHref(back?: string): string {
  const to = back ? sellerReturnTo(back) : SELLER_HOME;
  return to === SELLER_HOME ? SELLER_LOGIN : `${SELLER_LOGIN}?${new URLSearchParams({ next: to })}`;
}

/**
 * Where the sign-in sends the seller: `next` when it is a page of the seller centre (a path of this site
 * under /seller, not the sign-in itself), else the dashboard.
 */
export function sellerReturnTo(next: string | null | undefined): string {
  if (!next || !/^\/seller(?:[/?#]|$)/.test(next) || /[\\\s]/.test(next)) return SELLER_HOME;
  if (/^\/seller\/login(?:[/?#]|$)/.test(next)) return SELLER_HOME;
  return next;
}

/**
 * A seller page's client loader (decision 036): without the seller's session, on to the sign-in (which
 * comes back to the page of `request`, when given); a 401 (which has ended the session) too. Any other
 * failure becomes the page's error state with a retry.
 */
export async function loadSeller<T>(load: () => Promise<T>, request?: Request): Promise<PageData<T>> {
  const login = () => {
    const url = request ? new URL(request.url) : null;
    return redirect(sellerLoginHref(url ? url.pathname + url.search : undefined));
  };
  if (!sellerToken()) throw login();
  try {
    return { data: await load() };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw login();
    return { error: errorMessage(e), status: e instanceof ApiError ? e.status : undefined };
  }
}
