import { authStore } from '~/shared/auth-store';
import { openOverlay } from '~/shared/ui-store';
import { storeMessage } from './api';
import { openChatSidebar, type ChatSidebarTarget } from './store';

export interface OpenChat extends ChatSidebarTarget {
  /** From the cart's shop header: POST /store-message opens (or reuses) the conversation first (SPEC §7). */
  fromCart?: boolean;
  locale: string;
}

/** Opens the chat sidebar with a shop; a guest gets the login dialog instead (chat needs a signed-in customer). */
export function openChat({ fromCart, locale, ...target }: OpenChat) {
  const { token, user } = authStore.get();
  if (!token || !user) {
    openOverlay('login');
    return;
  }
  if (fromCart) {
    storeMessage(locale, { shop_id: target.shop.id, user_id: user.id }).catch((error: unknown) =>
      console.warn('store-message failed', error),
    );
  }
  openChatSidebar(target);
}
