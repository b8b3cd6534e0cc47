import type { SeedContext } from './context';

const MIN = 60_000;

interface DemoMessage {
  from: 'user' | 'shop';
  text: string;
  /** The shop's n-th active product (by id) as a card. */
  product?: number;
  minutesAgo: number;
}

/**
 * Demo conversations of the demo customer (user 1) with three shops, in Arabic and English, one with a
 * product card; the newest shop messages of two of them are unread. Unread counts follow the messages.
 */
const CONVERSATIONS: Array<{ shopId: number; unreadByUser: number; messages: DemoMessage[] }> = [
  {
    shopId: 1,
    unreadByUser: 2,
    messages: [
      { from: 'user', text: '', product: 0, minutesAgo: 190 },
      { from: 'user', text: 'السلام عليكم، هل تمور الخلاص متوفرة بعلبة ٢ كيلو؟', minutesAgo: 189 },
      { from: 'shop', text: 'وعليكم السلام، نعم متوفرة. نوصل داخل مسقط خلال يومين.', minutesAgo: 150 },
      { from: 'user', text: 'ممتاز، وهل يوجد خصم على ثلاث علب؟', minutesAgo: 140 },
      { from: 'shop', text: 'نعم، خصم ١٠٪ على ثلاث علب أو أكثر.', minutesAgo: 25 },
      { from: 'shop', text: 'يمكنك أيضاً استخدام قسيمة المتجر من السلة.', minutesAgo: 24 },
    ],
  },
  {
    shopId: 2,
    unreadByUser: 1,
    messages: [
      { from: 'user', text: 'Hello, is the Hojari frankincense from this season?', minutesAgo: 3 * 24 * 60 },
      { from: 'shop', text: "Yes, harvested in Dhofar this spring. Here's our best grade:", minutesAgo: 3 * 24 * 60 - 30 },
      { from: 'shop', text: '', product: 1, minutesAgo: 3 * 24 * 60 - 29 },
      { from: 'user', text: 'Thank you! Ordering now.', minutesAgo: 3 * 24 * 60 - 20 },
      { from: 'shop', text: 'Your order has been shipped. شكراً لتسوقك معنا!', minutesAgo: 60 },
    ],
  },
  {
    shopId: 4,
    unreadByUser: 0,
    messages: [
      { from: 'user', text: 'Does the charger support fast charging for Samsung phones?', minutesAgo: 9 * 24 * 60 },
      {
        from: 'shop',
        text: 'Yes, 25 W PD and PPS. See the details here: https://example.com/specs',
        minutesAgo: 9 * 24 * 60 - 45,
      },
      { from: 'user', text: 'شكراً جزيلاً', minutesAgo: 9 * 24 * 60 - 40 },
    ],
  },
];

export async function seedChat({ db }: SeedContext): Promise<void> {
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN).toISOString();
  for (const conv of CONVERSATIONS) {
    const products = await db
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', conv.shopId)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(5)
      .execute();
    const first = conv.messages[0]!;
    const { id } = await db
      .insertInto('chat_conversations')
      .values({
        user_id: 1,
        shop_id: conv.shopId,
        last_message_id: null,
        last_activity_at: at(first.minutesAgo),
        created_at: at(first.minutesAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let lastId = 0;
    for (const m of conv.messages) {
      const row = await db
        .insertInto('chat_messages')
        .values({
          conversation_id: id,
          sender: m.from,
          body: m.text,
          product_id: m.product !== undefined ? (products[m.product]?.id ?? null) : null,
          shop_user_id: m.from === 'shop' ? conv.shopId : null,
          created_at: at(m.minutesAgo),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      lastId = row.id;
    }
    const last = conv.messages[conv.messages.length - 1]!;
    await db
      .updateTable('chat_conversations')
      .set({ last_message_id: lastId, last_activity_at: at(last.minutesAgo), user_unread: conv.unreadByUser, shop_unread: 0 })
      .where('id', '=', id)
      .execute();
  }
}
