import type { CartShop } from '@souq/contracts';
import { openChat } from '~/features/chat';
import { useSite } from '~/shared/site';

/**
 * "Chat" with one shop of the cart (the basket's and the checkout's shop rows): opens the chat with that
 * shop, marked as coming from the cart. `beforeOpen`: what to close first (the basket's drawer).
 */
export function ShopChatButton({
  shop,
  className,
  testId,
  beforeOpen,
}: {
  shop: Pick<CartShop, 'shop_id' | 'shop_name' | 'shop_logo' | 'shop_online'>;
  className: string;
  testId: string;
  beforeOpen?: () => void;
}) {
  const { t, locale } = useSite();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        beforeOpen?.();
        openChat({
          shop: { id: shop.shop_id, name: shop.shop_name, logo: shop.shop_logo },
          online: shop.shop_online,
          fromCart: true,
          locale,
        });
      }}
      aria-label={t('cart.chat_with', { shop: shop.shop_name })}
      data-testid={testId}
    >
      {t('cart.chat')}
    </button>
  );
}
