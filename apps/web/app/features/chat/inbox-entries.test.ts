import { describe, expect, it } from 'vitest';
import { shopEntry } from './inbox-entries';
import type { ShopConversation } from './types';

describe("the customer's shop list", () => {
  it('shows the time of the last message from the instant, not the display text the API writes for the original client', () => {
    const conversation: ShopConversation = {
      id: 4,
      shop: { id: 7, name: 'Muscat Electronics', logo: '/uploads/shops/7.png' },
      last_message: 'Is it in stock?',
      last_message_time: '2 minutes ago',
      last_message_time_iso: '2026-11-09T11:58:00.000Z',
      unread_message_shop: 3,
      shop_active_status: true,
    };
    expect(shopEntry(conversation)).toEqual({
      key: 7,
      name: 'Muscat Electronics',
      photo: '/uploads/shops/7.png',
      last: 'Is it in stock?',
      time: '2026-11-09T11:58:00.000Z',
      unread: 3,
    });
    expect(
      shopEntry({ ...conversation, last_message: null, last_message_time: null, last_message_time_iso: null }).time,
    ).toBeNull();
  });
});
