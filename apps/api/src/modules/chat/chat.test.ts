import {
  chatMessageResponseSchema,
  chatMessagesResponseSchema,
  chatShopsResponseSchema,
  sellerConversationsResponseSchema,
  storeMessageResponseSchema,
  unreadMessagesResponseSchema,
} from '@souq/contracts';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { get, makeCustomer, post, type TestCustomer } from '../commerce/test-support';

// Tests here send more than a person would in a minute; the limits have their own test at the end.
const app = await createTestApp({ chat: { sendLimitPerUser: 10_000, sendLimitPerShop: 10_000 } });

async function sellerOf(shopId: number) {
  const seller = await app.db.selectFrom('shop_users').select('id').where('shop_id', '=', shopId).executeTakeFirstOrThrow();
  const { token } = await issueToken(app.db, 'seller', seller.id);
  return { id: seller.id, shopId, auth: { authorization: `Bearer ${token}` } };
}

async function demoCustomer() {
  const { token } = await issueToken(app.db, 'user', 1);
  return { id: 1, auth: { authorization: `Bearer ${token}` } };
}

const productsOf = (shopId: number) =>
  app.db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('shop_id', '=', shopId)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();

const send = (c: { auth: Record<string, string> }, body: object) => post(app, '/api/send-message', c.auth, body);
const sellerSend = (s: { auth: Record<string, string> }, body: object) => post(app, '/api/seller/send-message', s.auth, body);
const messages = async (c: { auth: Record<string, string> }, shopId: number, query = '') => {
  const res = await get(app, `/api/get-message?shop_id=${shopId}${query}`, c.auth);
  expect(res.statusCode).toBe(200);
  return chatMessagesResponseSchema.parse(res.json()).data.data;
};
const sellerMessages = async (s: { auth: Record<string, string> }, userId: number, query = '') => {
  const res = await get(app, `/api/seller/messages?user_id=${userId}${query}`, s.auth);
  expect(res.statusCode).toBe(200);
  return chatMessagesResponseSchema.parse(res.json()).data.data;
};
const unread = async (c: { auth: Record<string, string> }) =>
  unreadMessagesResponseSchema.parse((await get(app, '/api/unread-messages', c.auth)).json()).data.unread_messages;
const sellerUnread = async (s: { auth: Record<string, string> }) =>
  unreadMessagesResponseSchema.parse((await get(app, '/api/seller/unread-messages', s.auth)).json()).data.unread_messages;

describe('the demo conversations', () => {
  it('lists the demo customer’s conversations newest first, with last message, time and unread counts', async () => {
    const c = await demoCustomer();
    const res = await get(app, '/api/get-shops', c.auth);
    expect(res.statusCode).toBe(200);
    const { total, data } = chatShopsResponseSchema.parse(res.json()).data;
    expect(total).toBe(3);
    expect(data.map((d) => d.shop.id)).toEqual([1, 2, 4]);
    expect(data.map((d) => d.unread_message_shop)).toEqual([2, 1, 0]);
    expect(data[0]!.last_message).toBe('يمكنك أيضاً استخدام قسيمة المتجر من السلة.');
    expect(data[0]!.shop.name).toBe('مزرعة نزوى للتمور');
    expect(Date.parse(data[0]!.last_message_time_iso!)).toBeGreaterThan(Date.parse(data[1]!.last_message_time_iso!));
    expect(await unread(c)).toBe(3);
    const en = await app.inject({ method: 'GET', url: '/api/get-shops', headers: { ...c.auth, 'accept-language': 'en' } });
    expect(en.json().data.data[0].shop.name).toBe('Nizwa Dates Farm');
  });
});

describe('sending and reading', () => {
  it('stores a message trimmed with its line breaks, answers it in the contract shape and lists the conversation', async () => {
    const c = await makeCustomer(app);
    const res = await send(c, { shop_id: 3, message: '  \u200Fمرحبا\r\nhello there \n', type: 'user' });
    expect(res.statusCode).toBe(200);
    const m = chatMessageResponseSchema.parse(res.json()).data;
    expect(m).toMatchObject({ message: 'مرحبا\nhello there', type: 'user', product: null, user: { id: c.id }, shop: { id: 3 } });
    const list = chatShopsResponseSchema.parse((await get(app, '/api/get-shops', c.auth)).json()).data;
    expect(list).toMatchObject({
      total: 1,
      data: [{ shop: { id: 3 }, last_message: 'مرحبا\nhello there', unread_message_shop: 0 }],
    });
    expect(list.data[0]!.last_message_time_iso).toBe(m.created_at);
    expect((await messages(c, 3)).map((x) => x.id)).toEqual([m.id]);
  });

  it('sends a product card (with or without text) with the product’s current name and prices', async () => {
    const c = await makeCustomer(app);
    const [p] = await productsOf(5);
    const res = await send(c, { shop_id: 5, product_id: p!.id });
    expect(res.statusCode).toBe(200);
    const m = chatMessageResponseSchema.parse(res.json()).data;
    expect(m.message).toBe('');
    expect(m.product).toMatchObject({ id: p!.id });
    const row = await app.db
      .selectFrom('products')
      .select(['price', 'list_price', 'name_ar'])
      .where('id', '=', p!.id)
      .executeTakeFirstOrThrow();
    expect(m.product!.price).toBe(row.price / 1000);
    expect(m.product!.name).toBe(row.name_ar ?? p!.name);
    // The shop list names the product for a card alone.
    const list = chatShopsResponseSchema.parse((await get(app, '/api/get-shops', c.auth)).json()).data;
    expect(list.data[0]!.last_message).toBe(m.product!.name);
    const both = await send(c, { shop_id: 5, product_id: String(p!.id), message: 'Is this in stock?' });
    expect(both.json().data).toMatchObject({ message: 'Is this in stock?', product: { id: p!.id } });
  });

  it('refuses empty, blank, too long, control-character and wrong-type messages, unknown shops and foreign products with 422', async () => {
    const c = await makeCustomer(app);
    const [other] = await productsOf(2);
    const cases: Array<[object, string]> = [
      [{ shop_id: 1 }, 'message'],
      [{ shop_id: 1, message: '' }, 'message'],
      [{ shop_id: 1, message: ' \n\t \u200B ' }, 'message'],
      [{ shop_id: 1, message: 'x'.repeat(2001) }, 'message'],
      [{ shop_id: 1, message: 'bell\u0007' }, 'message'],
      [{ shop_id: 1, message: 42 }, 'message'],
      [{ shop_id: 1, message: 'hi', type: 'shop' }, 'type'],
      [{ message: 'hi' }, 'shop_id'],
      [{ shop_id: 'abc', message: 'hi' }, 'shop_id'],
      [{ shop_id: 999999, message: 'hi' }, 'shop_id'],
      [{ shop_id: 1, message: 'hi', product_id: 99999999 }, 'product_id'],
      [{ shop_id: 1, message: 'hi', product_id: other!.id }, 'product_id'],
      [{ shop_id: 1, message: 'hi', product_id: -3 }, 'product_id'],
    ];
    for (const [body, field] of cases) {
      const res = await send(c, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 422 });
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    // Exactly 2,000 characters is fine; nothing of the refused ones was stored.
    expect((await send(c, { shop_id: 1, message: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect(await messages(c, 1)).toHaveLength(1);
  });

  it('pages conversations 20 messages at a time, newest first, until a page comes back empty', async () => {
    const c = await makeCustomer(app);
    for (let i = 1; i <= 45; i++) expect((await send(c, { shop_id: 6, message: `m${i}` })).statusCode).toBe(200);
    const p1 = await messages(c, 6);
    const p2 = await messages(c, 6, '&page=2');
    const p3 = await messages(c, 6, '&page=3');
    expect(p1.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${45 - i}`));
    expect(p2.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${25 - i}`));
    expect(p3.map((m) => m.message)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    expect(await messages(c, 6, '&page=4')).toEqual([]);
    expect(await messages(c, 6, '&per_page=5')).toHaveLength(5);
    expect((await get(app, '/api/get-message?shop_id=6&per_page=101', c.auth)).statusCode).toBe(422);
    // No shop named (the original web client asks so before one is chosen): an empty page (decision 024, issue 42).
    expect((await get(app, '/api/get-message?page=1', c.auth)).json()).toEqual({ data: { data: [] } });
  });

  it('opens a chat empty, 404s an unknown shop, and store-message opens (or finds) one conversation', async () => {
    const c = await makeCustomer(app);
    expect(await messages(c, 7)).toEqual([]);
    expect((await get(app, '/api/get-message?shop_id=99999', c.auth)).statusCode).toBe(404);
    const first = await post(app, '/api/store-message', c.auth, { shop_id: 7, user_id: c.id, type: 'user' });
    expect(first.statusCode).toBe(200);
    const conv = storeMessageResponseSchema.parse(first.json()).data;
    expect(conv).toMatchObject({
      shop: { id: 7 },
      last_message: null,
      last_message_time: null,
      last_message_time_iso: null,
      unread_message_shop: 0,
    });
    const again = await post(app, '/api/store-message', c.auth, { shop_id: '7' });
    expect(again.json().data.id).toBe(conv.id);
    const list = chatShopsResponseSchema.parse((await get(app, '/api/get-shops', c.auth)).json()).data;
    expect(list.data.map((d) => d.id)).toEqual([conv.id]);
    // Acting for someone else, an unknown shop, a foreign product.
    expect((await post(app, '/api/store-message', c.auth, { shop_id: 7, user_id: 1 })).statusCode).toBe(403);
    expect((await post(app, '/api/store-message', c.auth, { shop_id: 12345 })).statusCode).toBe(422);
    const [foreign] = await productsOf(1);
    expect((await post(app, '/api/store-message', c.auth, { shop_id: 7, product_id: foreign!.id })).statusCode).toBe(422);
  });

  it('searches the customer’s conversations by shop name in Arabic (any spelling) and English, and pages them', async () => {
    const c = await makeCustomer(app);
    for (const shop of [1, 2, 3]) await send(c, { shop_id: shop, message: 'hello' });
    const search = async (q: string) =>
      chatShopsResponseSchema.parse((await get(app, `/api/get-shops?search=${encodeURIComponent(q)}`, c.auth)).json()).data;
    expect((await search('نزوي')).data.map((d) => d.shop.id)).toEqual([1]);
    expect((await search('frankincense')).data.map((d) => d.shop.id)).toEqual([2]);
    expect((await search('zzzz')).total).toBe(0);
    const paged = chatShopsResponseSchema.parse((await get(app, '/api/get-shops?per_page=2&page=2', c.auth)).json()).data;
    expect(paged.total).toBe(3);
    expect(paged.data.map((d) => d.shop.id)).toEqual([1]);
  });
});

describe('ownership', () => {
  it('shows a customer only their own conversation with a shop, and a seller only their own shop’s', async () => {
    const a = await makeCustomer(app);
    const b = await makeCustomer(app);
    await send(a, { shop_id: 2, message: 'secret of A' });
    // B's conversation with the same shop is B's own (empty), and B's list has nothing of A's.
    expect(await messages(b, 2)).toEqual([]);
    expect(chatShopsResponseSchema.parse((await get(app, '/api/get-shops', b.auth)).json()).data.total).toBe(0);
    const own = await sellerOf(2);
    const other = await sellerOf(3);
    expect((await sellerMessages(own, a.id)).map((m) => m.message)).toEqual(['secret of A']);
    // Another shop's seller: no such conversation (404), not in its inbox, cannot write into it.
    expect((await get(app, `/api/seller/messages?user_id=${a.id}`, other.auth)).statusCode).toBe(404);
    expect((await sellerSend(other, { user_id: a.id, message: 'hi' })).statusCode).toBe(404);
    const inbox = sellerConversationsResponseSchema.parse((await get(app, '/api/seller/conversations', other.auth)).json()).data;
    expect(inbox.data.some((d) => d.user.id === a.id)).toBe(false);
    // A seller cannot open a conversation with a customer who never wrote.
    expect((await sellerSend(own, { user_id: b.id, message: 'hello' })).statusCode).toBe(404);
  });

  it('answers 403 to a seller token on the customer calls and to a customer token on the seller calls', async () => {
    const c = await makeCustomer(app);
    const s = await sellerOf(1);
    for (const [method, url] of [
      ['GET', '/api/get-shops'],
      ['GET', '/api/get-message?shop_id=1'],
      ['POST', '/api/send-message'],
      ['POST', '/api/store-message'],
      ['GET', '/api/unread-messages'],
      ['POST', '/api/update-last-seen'],
    ] as const)
      expect({
        url,
        status: (await app.inject({ method, url, headers: s.auth, payload: method === 'POST' ? {} : undefined })).statusCode,
      }).toEqual({
        url,
        status: 403,
      });
    for (const [method, url] of [
      ['GET', '/api/seller/conversations'],
      ['GET', '/api/seller/messages?user_id=1'],
      ['POST', '/api/seller/send-message'],
      ['GET', '/api/seller/unread-messages'],
      ['POST', '/api/seller/update-last-seen'],
    ] as const)
      expect({
        url,
        status: (await app.inject({ method, url, headers: c.auth, payload: method === 'POST' ? {} : undefined })).statusCode,
      }).toEqual({
        url,
        status: 403,
      });
  });

  it('answers the caller’s own unread count whatever user_id asks for', async () => {
    const c = await makeCustomer(app);
    expect(await unread(c)).toBe(0);
    const res = await get(app, '/api/unread-messages?user_id=1', c.auth);
    expect(res.json()).toEqual({ data: { unread_messages: 0 } });
  });
});

describe('unread counts and the seller’s side', () => {
  it('counts each side’s unread messages and clears them when page 1 is read', async () => {
    const c = await makeCustomer(app);
    const s = await sellerOf(8);
    const before = await sellerUnread(s);
    for (const text of ['one', 'two', 'three']) await send(c, { shop_id: 8, message: text });
    expect(await sellerUnread(s)).toBe(before + 3);
    const inbox = sellerConversationsResponseSchema.parse((await get(app, '/api/seller/conversations', s.auth)).json()).data;
    expect(inbox.data[0]).toMatchObject({ user: { id: c.id }, last_message: 'three', unread_message_user: 3 });
    // An older page does not mark read; page 1 does.
    await sellerMessages(s, c.id, '&page=2');
    expect(await sellerUnread(s)).toBe(before + 3);
    expect((await sellerMessages(s, c.id)).map((m) => m.message)).toEqual(['three', 'two', 'one']);
    expect(await sellerUnread(s)).toBe(before);

    const [p] = await productsOf(8);
    const answer = await sellerSend(s, { user_id: c.id, message: 'Welcome!', product_id: p!.id });
    expect(answer.statusCode).toBe(200);
    expect(chatMessageResponseSchema.parse(answer.json()).data).toMatchObject({
      type: 'shop',
      message: 'Welcome!',
      product: { id: p!.id },
      shop_active_status: true,
    });
    await sellerSend(s, { user_id: c.id, message: 'Anything else?' });
    expect(await unread(c)).toBe(2);
    expect(chatShopsResponseSchema.parse((await get(app, '/api/get-shops', c.auth)).json()).data.data[0]).toMatchObject({
      unread_message_shop: 2,
      last_message: 'Anything else?',
    });
    expect((await messages(c, 8)).map((m) => `${m.type}:${m.message}`)).toEqual([
      'shop:Anything else?',
      'shop:Welcome!',
      'user:three',
      'user:two',
      'user:one',
    ]);
    expect(await unread(c)).toBe(0);
    // The seller's product card must be the shop's own.
    const [foreign] = await productsOf(1);
    expect((await sellerSend(s, { user_id: c.id, message: 'x', product_id: foreign!.id })).statusCode).toBe(422);
    expect((await sellerSend(s, { user_id: c.id, message: '   ' })).statusCode).toBe(422);
  });

  it('keeps the counts exact while messages and reads cross', async () => {
    const c = await makeCustomer(app);
    const s = await sellerOf(7);
    await send(c, { shop_id: 7, message: 'start' });
    await sellerMessages(s, c.id); // read: 0 unread
    const seen = new Set<number>();
    const sent: number[] = [];
    const tasks: Array<Promise<void>> = [];
    for (let i = 0; i < 30; i++) {
      tasks.push(
        send(c, { shop_id: 7, message: `m${i}` }).then((r) => {
          expect(r.statusCode).toBe(200);
          sent.push(r.json().data.id);
        }),
      );
      if (i % 3 === 0)
        tasks.push(
          get(app, `/api/seller/messages?user_id=${c.id}&per_page=100`, s.auth).then((r) => {
            expect(r.statusCode).toBe(200);
            for (const m of r.json().data.data as Array<{ id: number; type: string }>) if (m.type === 'user') seen.add(m.id);
          }),
        );
    }
    await Promise.all(tasks);
    const unseen = sent.filter((id) => !seen.has(id)).length;
    const row = await app.db
      .selectFrom('chat_conversations')
      .select('shop_unread')
      .where('user_id', '=', c.id)
      .where('shop_id', '=', 7)
      .executeTakeFirstOrThrow();
    expect(row.shop_unread).toBe(unseen);
    // And a last read clears it.
    await sellerMessages(s, c.id);
    expect(await sellerUnread(s)).toBe(0);
  });

  it('searches the inbox by customer name and leaves out conversations without messages', async () => {
    const c = await makeCustomer(app);
    const s = await sellerOf(6);
    await post(app, '/api/store-message', c.auth, { shop_id: 6 });
    const list = async (q = '') =>
      sellerConversationsResponseSchema.parse((await get(app, `/api/seller/conversations${q}`, s.auth)).json()).data;
    expect((await list()).data.some((d) => d.user.id === c.id)).toBe(false);
    await send(c, { shop_id: 6, message: 'hello' });
    const name = (await app.db.selectFrom('users').select('name').where('id', '=', c.id).executeTakeFirstOrThrow()).name;
    expect((await list(`?search=${encodeURIComponent(name.toUpperCase())}`)).data.map((d) => d.user.id)).toEqual([c.id]);
    expect((await list('?search=%25')).total).toBe(0);
  });
});

describe('last seen and online status', () => {
  it('shows a shop online while its last seen is under 10 minutes old, and the seller’s update-last-seen sets it', async () => {
    const c = await makeCustomer(app);
    const s = await sellerOf(5);
    const status = async () =>
      chatMessageResponseSchema.parse((await send(c, { shop_id: 5, message: 'ping' })).json()).data.shop_active_status;
    await app.db
      .updateTable('shops')
      .set({ last_online_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('id', '=', 5)
      .execute();
    expect(await status()).toBe(false);
    await app.db
      .updateTable('shops')
      .set({ last_online_at: new Date(Date.now() - 9 * 60_000).toISOString() })
      .where('id', '=', 5)
      .execute();
    expect(await status()).toBe(true);
    await app.db.updateTable('shops').set({ last_online_at: null }).where('id', '=', 5).execute();
    expect(await status()).toBe(false);
    const res = await app.inject({
      method: 'POST',
      url: '/api/seller/update-last-seen',
      headers: { ...s.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
    expect(await status()).toBe(true);
    const inboxOnline = async () =>
      sellerConversationsResponseSchema
        .parse((await get(app, '/api/seller/conversations', s.auth)).json())
        .data.data.find((d) => d.user.id === c.id)!.user_active_status;
    expect(await inboxOnline()).toBe(false);
    expect((await post(app, '/api/update-last-seen', c.auth, {})).statusCode).toBe(204);
    expect(await inboxOnline()).toBe(true);
  });
});

describe('store, then publish', () => {
  it('publishes a customer message to the shop’s channel and an answer to the customer’s, each only after it is stored', async () => {
    const c: TestCustomer = await makeCustomer(app);
    const s = await sellerOf(4);
    // A second, independent connection to the database: what it sees is committed.
    const committed =
      testDialect() === 'sqlite'
        ? (() => {
            const file = (app.config.database as { file: string }).file;
            const raw = new SQLite(file, { readonly: true });
            return async (id: number) => !!raw.prepare('select id from chat_messages where id = ?').get(id);
          })()
        : async (id: number) => !!(await app.db.selectFrom('chat_messages').select('id').where('id', '=', id).executeTakeFirst());
    const frames: Array<{ channel: string; event: string; id: number; storedAtDelivery: Promise<boolean> }> = [];
    const listener = {
      socketId: '1.1',
      channels: new Set<string>(),
      send(frame: string) {
        const f = JSON.parse(frame) as { event: string; channel: string; data: string };
        const id = (JSON.parse(f.data) as { message: { id: number } }).message.id;
        frames.push({ channel: f.channel, event: f.event, id, storedAtDelivery: committed(id) });
        return true;
      },
      reconnect: () => undefined,
    };
    app.realtime.hub.add(listener);
    app.realtime.hub.subscribe(listener, 'private-chat_shop_4');
    app.realtime.hub.subscribe(listener, `private-chat_user_${c.id}`);
    try {
      const sent = (await send(c, { shop_id: 4, message: 'hello shop' })).json().data;
      const answered = (await sellerSend(s, { user_id: c.id, message: 'hello customer' })).json().data;
      expect(frames.map(({ channel, event, id }) => ({ channel, event, id }))).toEqual([
        { channel: 'private-chat_shop_4', event: 'send-message-to-shop', id: sent.id },
        { channel: `private-chat_user_${c.id}`, event: 'send-message-to-user', id: answered.id },
      ]);
      expect(await Promise.all(frames.map((f) => f.storedAtDelivery))).toEqual([true, true]);
    } finally {
      app.realtime.hub.remove(listener);
    }
  });
});

describe('send limits (issue 41, finding 6)', () => {
  it('refuses a customer past its sends a minute with 429, and a shop past its sellers’ sends; others go on', async () => {
    const limited = await createTestApp({ chat: { sendLimitPerUser: 3, sendLimitPerShop: 4 } });
    try {
      const c = await makeCustomer(limited);
      const other = await makeCustomer(limited);
      const to = (shop_id: number) => ({ shop_id, message: 'Hello' });
      const codes: number[] = [];
      // Across shops: the limit is the account's, not a conversation's.
      for (const shop of [1, 2, 1, 2]) codes.push((await post(limited, '/api/send-message', c.auth, to(shop))).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await post(limited, '/api/send-message', c.auth, to(1));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/Too many messages/);
      // Nothing past the limit was stored: three messages from this customer.
      const stored = await limited.db
        .selectFrom('chat_messages as m')
        .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('c.user_id', '=', c.id)
        .where('m.sender', '=', 'user')
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(3);
      expect((await post(limited, '/api/send-message', other.auth, to(1))).statusCode).toBe(200);

      // Two sellers of one shop share the shop's limit.
      const rows = await limited.db.selectFrom('shop_users').select('id').where('shop_id', '=', 1).execute();
      const tokens = await Promise.all(
        [rows[0]!.id, rows[rows.length - 1]!.id].map((id) => issueToken(limited.db, 'seller', id)),
      );
      const sellerCodes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const auth = { authorization: `Bearer ${tokens[i % 2]!.token}` };
        sellerCodes.push(
          (await post(limited, '/api/seller/send-message', auth, { user_id: c.id, message: `Answer ${i}` })).statusCode,
        );
      }
      expect(sellerCodes).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
