import { useSellerChatBootstrap, useSellerUnread } from '~/features/seller/chat';
import { SELLER_LOGIN, sellerLoginHref, sellerReturnTo } from '~/features/seller/data';
import { SellerNav } from '~/features/seller/seller-nav';
import { useSeller, useSellerBootstrap } from '~/features/seller/store';
import { useSite } from '~/shared/site';
import { StoreIcon } from '~/shared/ui/icons';
import { ToastContainer } from '~/shared/ui/toast';
import { BackOfficeFrame } from './back-office-frame';

/**
 * The seller area's own frame (not the shopper's header and account sidebar): the shop, the language,
 * sign out (the sign-in page's action). The pages' loaders send a seller without a session to
 * /seller/login; here, a session that ends while a page is open (a 401, another tab) does the same,
 * and one that begins on the login page (another tab) opens the page it was asked for (`?next=`) or the
 * dashboard. Signed in, the sections' navigation stands beside the page (wide screens) or above it.
 */
export default function SellerLayout() {
  const { t } = useSite();
  useSellerBootstrap();
  useSellerChatBootstrap();
  const unread = useSellerUnread();
  const ready = useSeller((s) => s.ready);
  const token = useSeller((s) => s.token);
  const shop = useSeller((s) => s.shop);
  const seller = useSeller((s) => s.seller);
  return (
    <BackOfficeFrame
      area="seller"
      ready={ready}
      signedIn={Boolean(token)}
      loginPath={SELLER_LOGIN}
      loginHref={sellerLoginHref}
      returnTo={sellerReturnTo}
      brandTitle={t('seller.back_to_store')}
      areaIcon={<StoreIcon size={16} />}
      who={shop ? <bdi data-testid="seller-shop">{shop.name}</bdi> : null}
      areaLabel={t('seller.area')}
      signedInAs={seller ? t('seller.signed_in_as', { name: seller.name }) : undefined}
      signOutLabel={t('seller.sign_out')}
      nav={<SellerNav unread={unread} />}
      after={<ToastContainer closeLabel={t('common.close')} />}
    />
  );
}
