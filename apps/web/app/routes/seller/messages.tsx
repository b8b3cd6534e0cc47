import type { ChatMessage, UserConversation } from '~/features/chat';
import { InboxSkeleton } from '~/features/chat/inbox';
import { InboxScreen } from '~/features/chat/inbox-screen';
import { SELLER_CHAT_PER_PAGE } from '~/features/seller/api';
import { CUSTOMER_PARAM, onSellerChatEvent, SELLER_CHAT_UNREAD, SELLER_MESSAGES_PATH } from '~/features/seller/chat';
import { customerConversation, loadSellerInbox, sellerOlderHref, sellerSend } from '~/features/seller/chat-data';
import { sellerMeta } from '~/features/seller/meta';
import { useSeller } from '~/features/seller/store';
import { useSite } from '~/shared/site';
import type { Route } from './+types/messages';

export const meta = sellerMeta('page.seller_messages');

/** The customers who wrote (`?search=`, `?page=` pages of them) and the open conversation (`?user=`). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadSellerInbox(request);
/** An answer to the open conversation; the page loads again with it. */
export const clientAction = sellerSend;

type Customer = UserConversation['user'];
const customerOf = (c: UserConversation) => c.user.id;

export function HydrateFallback() {
  return <SellerMessages />;
}

/**
 * /seller/messages: the shop's inbox. Customers who wrote (search, unread counts, 20 a page), the
 * conversation with one of them and the answer box; new messages arrive on the shop's private channel
 * and load the page again.
 */
export default function SellerMessagesPage({ loaderData }: Route.ComponentProps) {
  return <SellerMessages data={loaderData} />;
}

function SellerMessages({ data }: { data?: Route.ComponentProps['loaderData'] }) {
  const { t } = useSite();
  const shop = useSeller((s) => s.shop);
  return (
    <div className="seller-inbox">
      <h1 className="page-title">{t('page.seller_messages')}</h1>
      {data && shop ? (
        <InboxScreen<UserConversation, Customer>
          data={data}
          path={SELLER_MESSAGES_PATH}
          party={CUSTOMER_PARAM}
          perPage={SELLER_CHAT_PER_PAGE}
          conversationOf={customerConversation}
          olderHref={sellerOlderHref}
          unread={SELLER_CHAT_UNREAD}
          onEvent={onSellerChatEvent}
          keyOf={customerOf}
          partyOf={(c) => c.user}
          partyOfMessage={(m) => m.user}
          entryOf={(c) => ({
            key: c.user.id,
            name: c.user.name,
            photo: c.user.profile_photo,
            last: c.last_message,
            time: c.last_message_time,
            unread: c.unread_message_user,
          })}
          who={(customer) => ({ name: customer.name, photo: customer.profile_photo })}
          online={(entry) => entry?.user_active_status ?? false}
          draft={(customer, text): Omit<ChatMessage, 'id'> => ({
            message: text,
            type: 'shop',
            created_at: new Date().toISOString(),
            user: customer,
            shop: { id: shop.id, name: shop.name, logo: shop.logo ?? null },
            product: null,
            shop_active_status: true,
          })}
          mine="shop"
          texts={{
            searchLabel: t('seller.search_customer'),
            emptyTitle: t('seller.no_conversations'),
            emptyText: t('seller.no_conversations_text'),
            noMatch: (search) => t('seller.no_customer_match', { search }),
            label: t('seller.customers'),
            noneTitle: t('seller.select_customer'),
            noneText: t('seller.select_customer_text'),
          }}
          testId="seller-inbox"
          headingId="seller-pane-title"
        />
      ) : (
        <InboxSkeleton />
      )}
    </div>
  );
}
