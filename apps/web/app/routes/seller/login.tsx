import { SHOP_PENDING_MESSAGE } from '@souq/contracts/constants';
import { redirect } from 'react-router';
import { sellerLogin, sellerLogout } from '~/features/seller/api';
import { sellerReturnTo } from '~/features/seller/data';
import { sellerMeta } from '~/features/seller/meta';
import { setSellerSession } from '~/features/seller/store';
import { ApiError } from '~/shared/api';
import { makeTranslate, messagesOf, documentLocale } from '~/shared/i18n';
import { BackOfficeLogin, type BackOfficeLoginAnswer } from '~/shared/ui/back-office-login';
import { fieldErrorsOf } from '~/shared/ui/form';
import { useSite } from '~/shared/site';
import { StoreIcon } from '~/shared/ui/icons';
import type { Route } from './+types/login';

export const meta = sellerMeta('page.seller_login');

type LoginAnswer = BackOfficeLoginAnswer;

/**
 * Signs the seller in (`intent=login`: on to the page of `?next=`, else the dashboard) or out (`intent=logout`, the seller bar's button:
 * back here). The seller's session is its own (features/seller/store.ts), apart from the customer's.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<LoginAnswer | Response> {
  const form = await request.formData();
  if (form.get('intent') === 'logout') {
    await sellerLogout();
    return redirect('/seller/login');
  }
  try {
    const res = await sellerLogin(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
    setSellerSession({ token: res.access.token, seller: res.user, shop: res.shop });
    return redirect(sellerReturnTo(new URL(request.url).searchParams.get('next')));
  } catch (e) {
    const fields = fieldErrorsOf(e);
    if (fields) return { ok: false, errors: fields };
    // The right password of a shop whose application is still being reviewed (decision 022); of a shop an
    // operator suspended or rejected, the API's answer in the page's language, with the reason.
    if (e instanceof ApiError && e.status === 403)
      return {
        ok: false,
        errors: {},
        failure:
          e.message && e.message !== SHOP_PENDING_MESSAGE
            ? e.message
            : makeTranslate(messagesOf(documentLocale()))('seller.pending_notice'),
      };
    return { ok: false, errors: {}, failure: e instanceof Error ? e.message : String(e) };
  }
}

/** /seller/login: e-mail and password of a shop's seller account. */
export default function SellerLoginPage() {
  const { t } = useSite();
  return (
    <BackOfficeLogin
      area="seller"
      icon={<StoreIcon size={32} />}
      title={t('seller.login_title')}
      intro={t('seller.login_intro')}
      labels={{ email: t('seller.email'), password: t('seller.password'), submit: t('seller.sign_in') }}
    />
  );
}
