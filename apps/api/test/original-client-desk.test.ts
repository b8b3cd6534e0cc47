import {
  chatMessagesResponseSchema,
  chatShopsResponseSchema,
  DEFAULT_AVATAR_URL,
  sellerConversationsResponseSchema,
  storeMessageResponseSchema,
  supportTicketShowResponseSchema,
  supportTicketsResponseSchema,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../src/modules/auth/tokens';
import { makeCustomer, sellerAuth, type TestCustomer } from '../src/modules/commerce/test-support';
import { NO_CODE_SENT, REGISTRATION_VERIFY_WINDOW_MS } from '../src/modules/accounts/otp.service';
import { accountsConfig, freshIdentity, manualClock } from '../src/modules/accounts/test-support';
import { multipart, placeOrder, png } from '../src/modules/support/test-support';
import { createTestApp, testDialect, testOperator } from './helpers';

/**
 * Issue 42: the original web client's accounts, tickets and chat calls (decision 024, "Issue 42"), every
 * request written as that client writes it: JSON or multipart bodies with ids as it sends them, the
 * X-Requested-With header, no Accept-Language unless it says otherwise (Arabic, the default, answers),
 * and no token on the code calls. On SQLite and PostgreSQL.
 */
// The code tests move their clock by half hours; the tickets' and the chat's have one of their own, from
// 21:00 UTC, 01:00 the next day in Muscat: the ticket dates below are 9 November there.
const clock = manualClock(Date.parse('2026-11-08T21:00:00.000Z'));
const accountsClock = manualClock(Date.parse('2026-11-08T21:00:00.000Z'));
const app = await createTestApp({ now: clock.now });
const accountsApp = await createTestApp({
  appEnv: 'local',
  now: accountsClock.now,
  accounts: accountsConfig({ otpDailyLimit: 3, otpDailyLimitPerIp: 1000, otpLimitPerAccount: 1000, otpLimitPerIp: 1000 }),
});
const MIN = 60_000;

let ipN = 0;
const nextIp = () => `10.142.${Math.floor(++ipN / 250) % 250}.${ipN % 250}`;
type Headers = Record<string, string>;
const xhr = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };

/** A JSON post as the client makes it (no language header unless given), from an address of its own by default. */
const post = (url: string, payload: object, headers: Headers = {}, remoteAddress = nextIp(), to = app) =>
  to.inject({ method: 'POST', url, payload, headers: { ...xhr, ...headers }, remoteAddress });
const get = (url: string, headers: Headers = {}, to = app) => to.inject({ method: 'GET', url, headers: { ...xhr, ...headers } });

/** The code calls go to the accounts' app. */
const apost = (url: string, payload: object, headers: Headers = {}, remoteAddress = nextIp()) =>
  post(url, payload, headers, remoteAddress, accountsApp);
const aget = (url: string, headers: Headers = {}) => get(url, headers, accountsApp);

/** POST /registration as the client sends it: name, phone (digits), email, password, country, phone_code. */
async function registerAsClient() {
  const id = freshIdentity();
  const res = await apost('/api/registration', {
    name: 'Salim Al Harthy',
    phone: id.phone,
    email: id.email,
    password: 'dune-camel-sunrise-42',
    country: 'Oman',
    phone_code: '+968',
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { user: { id: number }; access: { token: string } };
  return { ...id, id: data.user.id, auth: { authorization: `Bearer ${data.access.token}` } };
}
const profileOf = async (auth: Headers) =>
  (await aget('/api/profile', auth)).json().data.user as { phone_verified: boolean; email_verified: boolean };

describe(`a new account verifies its phone or e-mail without a token (${testDialect()})`, () => {
  it("registration, then the client's code step: send-otp and verify-otp without a token verify the phone", async () => {
    const me = await registerAsClient();
    const home = nextIp();
    const sent = await apost('/api/send-otp', { phone: me.phone, phone_code: '+968', forgot_password: false }, {}, home);
    expect(sent.statusCode, sent.body).toBe(200);
    // The local environment shows the code it sent, and this one works.
    expect(sent.json().message).not.toBe(NO_CODE_SENT);
    const otp = sent.json().data.otp as string;
    expect(otp).toMatch(/^\d{4}$/);
    const ok = await apost('/api/verify-otp', { phone: me.phone, otp }, {}, home);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await profileOf(me.auth)).toMatchObject({ phone_verified: true, email_verified: false });
    accountsClock.advance(2 * MIN);
  });

  it('"Verify now" with the e-mail, just inside the window; the code verifies only the e-mail', async () => {
    const me = await registerAsClient();
    accountsClock.advance(REGISTRATION_VERIFY_WINDOW_MS - 1000);
    const sent = await apost('/api/send-otp', { phone: me.email });
    expect(sent.statusCode).toBe(200);
    const otp = sent.json().data.otp as string;
    // The code is the e-mail's: naming the phone with it verifies nothing.
    expect((await apost('/api/verify-otp', { phone: me.phone, otp })).statusCode).toBe(422);
    expect((await apost('/api/verify-otp', { phone: me.email, otp })).statusCode).toBe(200);
    expect(await profileOf(me.auth)).toMatchObject({ email_verified: true, phone_verified: false });
    // With one address verified, the other is verified signed in (decision 014): no token, no code.
    accountsClock.advance(2 * MIN);
    const phone = await apost('/api/send-otp', { phone: me.phone, phone_code: '+968' });
    expect(phone.json()).toEqual({ message: NO_CODE_SENT, data: { email_or_phone: me.phone } });
  });

  it('after the window it does not: no code is sent, and none verifies', async () => {
    const me = await registerAsClient();
    accountsClock.advance(REGISTRATION_VERIFY_WINDOW_MS);
    for (const phone of [me.phone, me.email]) {
      const sent = await apost('/api/send-otp', { phone, phone_code: '+968', forgot_password: false });
      expect(sent.json()).toEqual({ message: NO_CODE_SENT, data: { email_or_phone: phone } });
      expect((await apost('/api/verify-otp', { phone, otp: '1234' })).statusCode).toBe(422);
    }
    expect(await accountsApp.db.selectFrom('one_time_codes').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
    // Signed in, the owner still verifies as before.
    const own = await apost('/api/send-otp', { phone: me.email }, me.auth);
    expect((await apost('/api/verify-otp', { phone: me.email, otp: own.json().data.otp })).statusCode).toBe(200);
    accountsClock.advance(2 * MIN);
  });

  it("never for a password reset, and never for another account's phone", async () => {
    const older = await registerAsClient();
    accountsClock.advance(REGISTRATION_VERIFY_WINDOW_MS + MIN);
    const me = await registerAsClient();
    // A forgot-password request of the new account: nothing is sent (it has proved nothing).
    const forgot = await apost('/api/send-otp', { phone: me.phone, phone_code: '+968', forgot_password: true });
    expect(forgot.json().message).toBe(NO_CODE_SENT);
    // The new account asks for the older account's phone, without and with its own token: nothing is sent.
    for (const auth of [{}, me.auth]) {
      const res = await apost('/api/send-otp', { phone: older.phone, phone_code: '+968' }, auth);
      expect(res.json()).toEqual({ message: NO_CODE_SENT, data: { email_or_phone: older.phone } });
      accountsClock.advance(61_000);
    }
    // Its own code, named with the other phone, verifies neither.
    const mine = (await apost('/api/send-otp', { phone: me.phone, phone_code: '+968' })).json().data.otp as string;
    const cross = await apost('/api/verify-otp', { phone: older.phone, otp: mine });
    expect(cross.statusCode).toBe(422);
    expect(await profileOf(older.auth)).toMatchObject({ phone_verified: false });
    expect(await profileOf(me.auth)).toMatchObject({ phone_verified: false });
    expect((await apost('/api/verify-otp', { phone: me.phone, otp: mine })).statusCode).toBe(200);
    expect(await profileOf(older.auth)).toMatchObject({ phone_verified: false });
    accountsClock.advance(2 * MIN);
  });

  it('keeps the limits: the 60 s resend wait and the daily cap', async () => {
    const me = await registerAsClient();
    const home = nextIp();
    const send = () => apost('/api/send-otp', { phone: me.phone, phone_code: '+968' }, {}, home);
    expect((await send()).statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Three a day here (OTP_DAILY_LIMIT): the fourth is refused.
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      accountsClock.advance(61_000);
      codes.push((await send()).statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    expect((await send()).json().message).toBe('Too many codes were requested today. Please try again tomorrow.');
    // Five wrong codes use up the open codes' tries.
    const otp = (await accountsApp.db.selectFrom('one_time_codes').select('id').where('user_id', '=', me.id).execute()).length;
    expect(otp).toBe(3);
    for (let i = 0; i < 5; i++) await apost('/api/verify-otp', { phone: me.phone, otp: '0000' }, {}, home);
    const tries = await accountsApp.db.selectFrom('one_time_codes').select('attempts').where('user_id', '=', me.id).execute();
    expect(tries.every((t) => t.attempts === 5)).toBe(true);
    accountsClock.advance(2 * MIN);
  });
});

// --- Tickets ----------------------------------------------------------------------------------------------

/** POST /support-ticket as the client sends it: multipart, the issue type by its name, files as attachments[]. */
function openTicket(who: { auth: Headers }, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) {
  const body = multipart(
    {
      subject: 'The parcel has not arrived',
      message: 'My order was marked as on the way four days ago and has not arrived yet.',
      ...fields,
    },
    files,
  );
  return app.inject({
    method: 'POST',
    url: '/api/support-ticket',
    headers: { ...xhr, ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

describe(`support tickets as the original client calls them (${testDialect()})`, () => {
  it('opens a ticket naming its issue type by name, in either language, any case, ends trimmed; an unknown name is a 422', async () => {
    const c = await makeCustomer(app);
    const type = (
      await app.db
        .selectFrom('ticket_issue_types')
        .select('id')
        .where('name', '=', 'Delivery and shipping')
        .executeTakeFirstOrThrow()
    ).id;
    for (const issue_type of ['Delivery and shipping', '  delivery AND   Shipping ', 'التوصيل والشحن', String(type)]) {
      const res = await openTicket(c, { issue_type });
      expect(res.statusCode, `${issue_type}: ${res.body}`).toBe(200);
      expect(res.json().data.support_ticket.issue_type_id).toBe(type);
    }
    const unknown = await openTicket(c, { issue_type: 'A lost camel' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ issue_type: ['The selected issue type is invalid.'] });
    const empty = await openTicket(c, { issue_type: ' ' });
    expect(empty.json().errors).toEqual({ issue_type: ['The issue type field is required.'] });
    // An inactive type's name names nothing.
    await app.db.updateTable('ticket_issue_types').set({ is_active: 0 }).where('id', '=', type).execute();
    try {
      expect((await openTicket(c, { issue_type: 'Delivery and shipping' })).statusCode).toBe(422);
    } finally {
      await app.db.updateTable('ticket_issue_types').set({ is_active: 1 }).where('id', '=', type).execute();
    }
    const list = supportTicketsResponseSchema.parse((await get('/api/support-tickets', c.auth)).json()).data;
    expect(list.total).toBe(4);
  });

  it("lists by the original client's status words (Pending is running); an unknown word filters nothing", async () => {
    const c = await makeCustomer(app);
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await openTicket(c, { issue_type: 'Delivery and shipping' })).json().data.support_ticket.ticket_no as string);
    await app.db.updateTable('support_tickets').set({ status: 'completed' }).where('ticket_no', '=', made[0]!).execute();
    await app.db.updateTable('support_tickets').set({ status: 'cancel' }).where('ticket_no', '=', made[1]!).execute();
    const list = async (status: string) => {
      const res = await get(`/api/support-tickets?status=${encodeURIComponent(status)}&page=1&per_page=10`, c.auth);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      const data = supportTicketsResponseSchema.parse(res.json()).data;
      return { total: data.total, tickets: data.support_tickets.map((t) => t.ticket_no) };
    };
    expect(await list('Pending')).toEqual({ total: 1, tickets: [made[2]] });
    expect(await list('confirm')).toEqual({ total: 1, tickets: [made[2]] });
    expect(await list('Completed')).toEqual({ total: 1, tickets: [made[0]] });
    expect(await list(' CANCEL ')).toEqual({ total: 1, tickets: [made[1]] });
    expect(await list('running')).toEqual({ total: 1, tickets: [made[2]] });
    expect((await list('Whatever')).total).toBe(3);
    expect((await list('All')).total).toBe(3);
  });

  it('shows a ticket with its conversation, files, status words, answer flag, e-mail, phone and display dates', async () => {
    const c: TestCustomer = await makeCustomer(app);
    const code = await placeOrder(app, c, 3);
    const photo = await png();
    const opened = await openTicket(c, { issue_type: 'Problem with an order', order_number: code }, [
      { field: 'attachments[]', name: 'box.png', type: 'image/png', data: photo },
    ]);
    expect(opened.statusCode, opened.body).toBe(200);
    const no = opened.json().data.support_ticket.ticket_no as string;
    // The shop answers, then the marketplace's support team.
    clock.advance(3 * MIN);
    const shop = await sellerAuth(app, 3);
    expect(
      (await post(`/api/seller/support-tickets/${no}/messages`, { message: 'We are looking into it.' }, shop)).statusCode,
    ).toBe(200);
    const ops = { authorization: `Bearer ${(await issueToken(app.db, 'operator', await testOperator(app.db))).token}` };
    clock.advance(MIN);
    expect(
      (await post(`/api/admin/support-tickets/${no}/messages`, { message: 'The courier has it today.' }, ops)).statusCode,
    ).toBe(201);
    clock.advance(2 * MIN);

    const res = await get(`/api/support-ticket/show?ticket_number=${no}`, c.auth);
    expect(res.statusCode, res.body).toBe(200);
    const t = supportTicketShowResponseSchema.parse(res.json()).data.support_ticket;
    const user = await app.db
      .selectFrom('users')
      .select(['name', 'email', 'phone'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    const shopRow = await app.db.selectFrom('shops').select(['name_ar', 'logo']).where('id', '=', 3).executeTakeFirstOrThrow();
    // The support team signs with the marketplace's name, in the request's language.
    const appName = (
      JSON.parse(
        (await app.db.selectFrom('settings').select('value').where('key', '=', 'app_name').executeTakeFirstOrThrow()).value,
      ) as {
        ar: string;
      }
    ).ar;
    // The original client's word in `status` (it reads it); ours, which our storefront reads, in `state`.
    expect(t).toMatchObject({
      status: 'pending',
      state: 'running',
      original_status: 'pending',
      can_reply: true,
      user_chat: true,
      email: user.email,
      phone: user.phone,
      // No Accept-Language: Arabic, in Oman's time.
      created_at: '09 نوفمبر، 2026',
      created_at_iso: '2026-11-08T21:00:00.000Z',
    });
    expect(t.messages.map(({ id: _, ...m }) => m)).toEqual([
      {
        message: 'My order was marked as on the way four days ago and has not arrived yet.',
        sender: 'customer',
        sender_id: c.id,
        sender_name: user.name,
        profile_photo: DEFAULT_AVATAR_URL,
        is_highlighted: false,
        created_at: 'قبل 6 دقائق',
        created_at_iso: '2026-11-08T21:00:00.000Z',
      },
      {
        message: 'We are looking into it.',
        sender: 'seller',
        sender_id: expect.any(Number),
        sender_name: shopRow.name_ar,
        profile_photo: shopRow.logo ?? DEFAULT_AVATAR_URL,
        is_highlighted: false,
        created_at: 'قبل 3 دقائق',
        created_at_iso: '2026-11-08T21:03:00.000Z',
      },
      {
        message: 'The courier has it today.',
        sender: 'support',
        sender_id: null,
        sender_name: appName,
        profile_photo: DEFAULT_AVATAR_URL,
        is_highlighted: true,
        created_at: 'قبل دقيقتين',
        created_at_iso: '2026-11-08T21:04:00.000Z',
      },
    ]);
    expect(t.highlighted_messages).toEqual([t.messages[2]]);
    expect(t.attachments).toEqual([{ id: expect.any(Number), src: expect.any(String), type: 'image', name: 'box.png' }]);
    // The link is signed for the customer: it opens without a header.
    const file = await app.inject({ method: 'GET', url: t.attachments[0]!.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    // In English, and once the shop completes it.
    expect((await post(`/api/seller/support-tickets/${no}/status`, { status: 'completed' }, shop)).statusCode).toBe(200);
    const en = supportTicketShowResponseSchema.parse(
      (await get(`/api/support-ticket/show?ticket_number=${no}`, { ...c.auth, 'accept-language': 'en' })).json(),
    ).data.support_ticket;
    expect(en).toMatchObject({
      status: 'completed',
      state: 'completed',
      original_status: 'completed',
      user_chat: false,
      created_at: '09 November, 2026',
    });
    expect(en.messages[2]!.created_at).toBe('2 minutes ago');
    // The list carries the same display date and its instant.
    const listed = supportTicketsResponseSchema.parse(
      (await get('/api/support-tickets', { ...c.auth, 'accept-language': 'en' })).json(),
    ).data;
    expect(listed.support_tickets[0]).toMatchObject({
      ticket_no: no,
      created_at: '09 November, 2026',
      created_at_iso: '2026-11-08T21:00:00.000Z',
    });
    // The seller's answers keep the instant.
    const sellerView = (await get(`/api/seller/support-tickets/${no}`, shop)).json().data.support_ticket;
    expect(sellerView).toMatchObject({ created_at: '2026-11-08T21:00:00.000Z', created_at_iso: '2026-11-08T21:00:00.000Z' });

    // Someone else's ticket is not found.
    const other = await makeCustomer(app);
    expect((await get(`/api/support-ticket/show?ticket_number=${no}`, other.auth)).statusCode).toBe(404);
  });
});

// --- Chat -------------------------------------------------------------------------------------------------

describe(`chat about a product as the original client starts it (${testDialect()})`, () => {
  const productsOf = (shopId: number) =>
    app.db.selectFrom('products').select(['id']).where('shop_id', '=', shopId).where('is_active', '=', 1).orderBy('id').execute();
  const page = async (c: { auth: Headers }, shopId: number) => {
    const res = await get(`/api/get-message?shop_id=${shopId}&page=1&per_page=20`, c.auth);
    expect(res.statusCode, res.body).toBe(200);
    return chatMessagesResponseSchema.parse(res.json()).data.data;
  };

  it("store-message {shop_id, user_id, product_id} sends the product's card to the shop, live, once in a row", async () => {
    const c = await makeCustomer(app);
    const [p, q] = await productsOf(5);
    const frames: Array<{ channel: string; event: string; product: number | null }> = [];
    const listener = {
      socketId: '9.9',
      channels: new Set<string>(),
      send(frame: string) {
        const f = JSON.parse(frame) as { event: string; channel: string; data: string };
        const m = (JSON.parse(f.data) as { message: { product: { id: number } | null } }).message;
        frames.push({ channel: f.channel, event: f.event, product: m.product?.id ?? null });
        return true;
      },
      reconnect: () => undefined,
    };
    app.realtime.hub.add(listener);
    app.realtime.hub.subscribe(listener, 'private-chat_shop_5');
    try {
      const res = await post('/api/store-message', { shop_id: 5, user_id: c.id, product_id: p!.id }, c.auth);
      expect(res.statusCode, res.body).toBe(200);
      const conv = storeMessageResponseSchema.parse(res.json()).data;
      expect(conv).toMatchObject({
        shop: { id: 5 },
        last_message_time: 'الآن',
        last_message_time_iso: clock.now().toISOString(),
      });
      const [card] = await page(c, 5);
      expect(card).toMatchObject({ message: '', type: 'user', product: { id: p!.id }, user: { id: c.id } });
      expect(conv.last_message).toBe(card!.product!.name);
      // Opened again from the same product: no second card. Another product: its card. Ids as strings too.
      expect(
        (await post('/api/store-message', { shop_id: '5', user_id: String(c.id), product_id: String(p!.id) }, c.auth)).statusCode,
      ).toBe(200);
      expect((await post('/api/store-message', { shop_id: 5, user_id: c.id, product_id: q!.id }, c.auth)).statusCode).toBe(200);
      expect((await page(c, 5)).map((m) => m.product?.id)).toEqual([q!.id, p!.id]);
      expect(frames).toEqual([
        { channel: 'private-chat_shop_5', event: 'send-message-to-shop', product: p!.id },
        { channel: 'private-chat_shop_5', event: 'send-message-to-shop', product: q!.id },
      ]);
    } finally {
      app.realtime.hub.remove(listener);
    }
    // The shop sees the cards, unread.
    const inbox = sellerConversationsResponseSchema.parse(
      (await get('/api/seller/conversations', await sellerAuth(app, 5))).json(),
    ).data;
    expect(inbox.data.find((d) => d.user.id === c.id)).toMatchObject({ unread_message_user: 2 });
  });

  it("refuses a product of another shop with a 422 on product_id, storing nothing; another user's id is a 403", async () => {
    const c = await makeCustomer(app);
    const [foreign] = await productsOf(1);
    const res = await post('/api/store-message', { shop_id: 5, user_id: c.id, product_id: foreign!.id }, c.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ product_id: ['The selected product id is invalid.'] });
    expect(await page(c, 5)).toEqual([]);
    expect(chatShopsResponseSchema.parse((await get('/api/get-shops', c.auth)).json()).data.total).toBe(0);
    const [own] = await productsOf(5);
    expect((await post('/api/store-message', { shop_id: 5, user_id: 1, product_id: own!.id }, c.auth)).statusCode).toBe(403);
    expect(await page(c, 5)).toEqual([]);
  });

  it('get-message without shop_id is an empty page in the same envelope', async () => {
    const c = await makeCustomer(app);
    await post('/api/send-message', { shop_id: 3, message: 'Hello', type: 'user' }, c.auth);
    for (const url of [
      '/api/get-message?page=1&per_page=20',
      '/api/get-message?shop_id=&page=1&per_page=20',
      '/api/get-message',
    ]) {
      const res = await get(url, c.auth);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 200, body: { data: { data: [] } } });
    }
    expect((await get('/api/get-message?shop_id=abc', c.auth)).statusCode).toBe(422);
  });

  it('get-shops: last_message_time is how long ago in the request language, last_message_time_iso the instant', async () => {
    const c = await makeCustomer(app);
    const sent = (await post('/api/send-message', { shop_id: 2, message: 'Is it fresh?', type: 'user' }, c.auth)).json().data;
    clock.advance(2 * MIN + 5000);
    const list = async (headers: Headers = {}) =>
      chatShopsResponseSchema.parse((await get('/api/get-shops?search=&page=1&per_page=20', { ...c.auth, ...headers })).json())
        .data.data[0]!;
    expect(await list()).toMatchObject({ last_message_time: 'قبل دقيقتين', last_message_time_iso: sent.created_at });
    expect(await list({ 'accept-language': 'en' })).toMatchObject({
      last_message_time: '2 minutes ago',
      last_message_time_iso: sent.created_at,
    });
    clock.advance(3 * 60 * MIN);
    expect((await list({ 'accept-language': 'en' })).last_message_time).toBe('3 hours ago');
  });
});
