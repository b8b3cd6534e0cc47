import type { InboxEntry } from './inbox';
import type { ShopConversation } from './types';

/**
 * A conversation of the customer's shop list as the list shows it. Its time is the instant
 * (`last_message_time_iso`): `last_message_time` is the API's display text for the original web client
 * ("2 minutes ago", decision 024, issue 42), which the list's own formatting cannot read.
 */
export const shopEntry = (c: ShopConversation): InboxEntry => ({
  key: c.shop.id,
  name: c.shop.name,
  photo: c.shop.logo,
  last: c.last_message,
  time: c.last_message_time_iso,
  unread: c.unread_message_shop,
});
