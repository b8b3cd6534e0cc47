import { createHmac } from 'node:crypto';
import { chatEventSchema, chatMessagesResponseSchema } from '@souq/contracts';
import PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { issueToken, revokeAllTokens } from '../src/modules/auth/tokens';
import { makeCustomer, post } from '../src/modules/commerce/test-support';
import { createTestApp } from './helpers';
import { collect, eventually, listen, pusherClient, rawSocket, subscribed } from './realtime-support';

/**
 * The embedded realtime server (decision 019) driven by the official clients: pusher-js (its Node
 * build) subscribing and receiving, and the `pusher` server package publishing through the HTTP API.
 */
const base = testConfig({ database: { dialect: 'sqlite', file: ':memory:' } }).realtime;
const ORIGIN = 'http://shop.example';
const app = await createTestApp({
  publicUrl: ORIGIN,
  realtime: {
    ...base,
    key: 'test-key',
    secret: 'test-secret-0123456789',
    appId: 'souq-test',
    activityTimeoutS: 1,
    pongTimeoutMs: 600,
    maxSubscriptions: 3,
  },
});
const port = await listen(app);
const { key, secret, appId } = app.config.realtime;
const clients: Pusher[] = [];
afterAll(() => {
  for (const c of clients) c.disconnect();
});

const client = (token: string) => {
  const c = pusherClient(port, key, token);
  clients.push(c);
  return c;
};
async function sellerOf(shopId: number) {
  const seller = await app.db.selectFrom('shop_users').select('id').where('shop_id', '=', shopId).executeTakeFirstOrThrow();
  const { token } = await issueToken(app.db, 'seller', seller.id);
  return { id: seller.id, shopId, token, auth: { authorization: `Bearer ${token}` } };
}
const tokenOf = (auth: { authorization: string }) => auth.authorization.slice('Bearer '.length);
const wsUrl = (query = '?protocol=7&client=js&version=8.6.0', k = key) => `ws://127.0.0.1:${port}/app/${k}${query}`;
const authFor = (socketId: string, channel: string, s = secret) =>
  `${key}:${createHmac('sha256', s).update(`${socketId}:${channel}`).digest('hex')}`;

describe('pusher-js against the embedded server', () => {
  it('lets a customer subscribe to their own channel and receive the seller’s answer, stored before it arrives', async () => {
    const c = await makeCustomer(app);
    const s = await sellerOf(3);
    await post(app, '/api/send-message', c.auth, { shop_id: 3, message: 'hello' });
    const pusher = client(tokenOf(c.auth));
    const channel = pusher.subscribe(`private-chat_user_${c.id}`);
    const events = collect(channel, 'send-message-to-user');
    await subscribed(channel);
    const res = await post(app, '/api/seller/send-message', s.auth, { user_id: c.id, message: 'مرحباً، كيف نساعدك؟' });
    expect(res.statusCode).toBe(200);
    const event = chatEventSchema.parse(await events.next());
    expect(event.message).toMatchObject({ id: res.json().data.id, type: 'shop', message: 'مرحباً، كيف نساعدك؟', shop: { id: 3 } });
    // Reloading the conversation on the event finds it.
    const page = chatMessagesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/get-message?shop_id=3', headers: c.auth })).json(),
    ).data.data;
    expect(page[0]!.id).toBe(event.message.id);
  });

  it('lets a seller subscribe to their shop’s channel and receive customers’ messages', async () => {
    const s = await sellerOf(5);
    const c = await makeCustomer(app);
    const pusher = client(s.token);
    const channel = pusher.subscribe('private-chat_shop_5');
    const events = collect(channel, 'send-message-to-shop');
    await subscribed(channel);
    const sent = (await post(app, '/api/send-message', c.auth, { shop_id: 5, message: 'Is it fresh?' })).json().data;
    expect(chatEventSchema.parse(await events.next()).message).toMatchObject({ id: sent.id, type: 'user', user: { id: c.id } });
    // Another shop's message does not reach this channel.
    await post(app, '/api/send-message', c.auth, { shop_id: 6, message: 'not for shop 5' });
    await post(app, '/api/send-message', c.auth, { shop_id: 5, message: 'second' });
    expect(chatEventSchema.parse(await events.next()).message.message).toBe('second');
  });

  it('refuses a foreign channel: another customer’s, another shop’s, or the other kind’s (403 from the authorisation)', async () => {
    const c = await makeCustomer(app);
    const s = await sellerOf(2);
    const customer = client(tokenOf(c.auth));
    const seller = client(s.token);
    for (const [pusher, name] of [
      [customer, 'private-chat_user_1'],
      [customer, 'private-chat_shop_2'],
      [seller, 'private-chat_shop_1'],
      [seller, `private-chat_user_${c.id}`],
    ] as const) {
      const error = await subscribed(pusher.subscribe(name)).then(
        () => null,
        (e: { detail?: { status?: number } }) => e.detail,
      );
      expect({ name, error }).toMatchObject({ name, error: { status: 403 } });
    }
    // Nothing sent to user 1 reaches the refused subscriber.
    const stray = collect(customer.channel('private-chat_user_1')!, 'send-message-to-user');
    await post(app, '/api/seller/send-message', (await sellerOf(1)).auth, { user_id: 1, message: 'for the demo customer only' });
    await new Promise((r) => setTimeout(r, 200));
    expect(stray.got).toEqual([]);
  });
});

describe('a revoked token keeps no subscription (issue 41, finding 5)', () => {
  it('signing out one device asks its socket to reconnect, where its channel is refused; the other device goes on receiving', async () => {
    const c = await makeCustomer(app);
    const s = await sellerOf(3);
    await post(app, '/api/send-message', c.auth, { shop_id: 3, message: 'hello' });
    const { token: other } = await issueToken(app.db, 'user', c.id);
    const leaving = client(tokenOf(c.auth));
    const staying = client(other);
    const name = `private-chat_user_${c.id}`;
    const gone = leaving.subscribe(name);
    const kept = leaving === staying ? gone : staying.subscribe(name);
    const goneEvents = collect(gone, 'send-message-to-user');
    const keptEvents = collect(kept, 'send-message-to-user');
    await Promise.all([subscribed(gone), subscribed(kept)]);
    let refused: unknown = null;
    gone.bind('pusher:subscription_error', (e: unknown) => (refused = e));
    let renewed = 0;
    kept.bind('pusher:subscription_succeeded', () => renewed++);

    expect((await post(app, '/api/logout', c.auth, {})).statusCode).toBe(200);
    // The signed-out socket reconnects and its token no longer authorises the channel (401).
    await eventually(() => refused !== null, 5000, 'the signed-out socket refused its channel');
    expect(refused).toMatchObject({ status: 401 });
    await eventually(() => renewed > 0, 5000, 'the other device subscribed again');
    const res = await post(app, '/api/seller/send-message', s.auth, { user_id: c.id, message: 'after sign-out' });
    expect(res.statusCode).toBe(200);
    expect(chatEventSchema.parse(await keptEvents.next()).message.message).toBe('after sign-out');
    await new Promise((r) => setTimeout(r, 300));
    expect(goneEvents.got.map((e) => chatEventSchema.parse(e).message.message)).not.toContain('after sign-out');
  });

  it('every token of an owner revoked (a password change, a deactivation): its sockets lose the channel', async () => {
    const c = await makeCustomer(app);
    const { token: stolen } = await issueToken(app.db, 'user', c.id);
    const thief = client(stolen);
    const channel = thief.subscribe(`private-chat_user_${c.id}`);
    await subscribed(channel);
    let refused: unknown = null;
    channel.bind('pusher:subscription_error', (e: unknown) => (refused = e));
    // As the password change, the reset and the console's deactivation do: revoke, commit, tell the cache.
    await revokeAllTokens(app.db, 'user', c.id);
    app.tokenCache.revoked({ ownerType: 'user', ownerId: c.id });
    await eventually(() => refused !== null, 5000, 'the stolen token refused');
    expect(refused).toMatchObject({ status: 401 });
  });
});

describe('POST /api/broadcasting/auth', () => {
  it('signs the caller’s own channel for a socket, from a form or JSON body, and refuses the rest', async () => {
    const c = await makeCustomer(app);
    const form = await app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: { ...c.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=123.456&channel_name=private-chat_user_${c.id}`,
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ auth: authFor('123.456', `private-chat_user_${c.id}`) });
    const json = await post(app, '/api/broadcasting/auth', c.auth, {
      socket_id: '1.2',
      channel_name: `private-chat_user_${c.id}`,
    });
    expect(json.json()).toEqual({ auth: authFor('1.2', `private-chat_user_${c.id}`) });
    expect(
      (await post(app, '/api/broadcasting/auth', c.auth, { socket_id: '1.2', channel_name: 'private-chat_user_1' })).statusCode,
    ).toBe(403);
    expect(
      (await post(app, '/api/broadcasting/auth', c.auth, { socket_id: '1.2', channel_name: 'chat_user_1' })).statusCode,
    ).toBe(403);
    expect(
      (await post(app, '/api/broadcasting/auth', c.auth, { socket_id: 'abc', channel_name: `private-chat_user_${c.id}` }))
        .statusCode,
    ).toBe(422);
    expect(
      (await post(app, '/api/broadcasting/auth', {}, { socket_id: '1.2', channel_name: `private-chat_user_${c.id}` })).statusCode,
    ).toBe(401);
  });
});

describe('the protocol, frame by frame', () => {
  it('greets with a socket id and activity timeout, answers pings, and subscribes only with a valid signature', async () => {
    const sock = await rawSocket(wsUrl());
    const hello = await sock.frame('pusher:connection_established');
    const { socket_id } = hello.data as { socket_id: string; activity_timeout: number };
    expect(hello.data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 1 });
    sock.send({ event: 'pusher:ping', data: {} });
    await sock.frame('pusher:pong');
    // Forged: signed with another secret, or for another socket.
    sock.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-chat_user_1', auth: authFor(socket_id, 'private-chat_user_1', 'not-the-secret') },
    });
    const refused = await sock.frame('pusher:subscription_error');
    expect(refused).toMatchObject({ channel: 'private-chat_user_1', data: { status: 401 } });
    sock.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-chat_user_1', auth: authFor('1.1', 'private-chat_user_1') },
    });
    sock.send({ event: 'pusher:subscribe', data: { channel: 'chat_user_1' } });
    await eventually(() => sock.frames.filter((f) => f.event === 'pusher:subscription_error').length === 3);
    expect(sock.frames.filter((f) => f.event === 'pusher:error').length).toBeGreaterThanOrEqual(3);
    // Nothing published to the refused channel arrives.
    await app.realtime.broadcaster.publish(['private-chat_user_1'], 'send-message-to-user', { message: 'x' });
    // A valid signature subscribes; a published event arrives with its data as a JSON string.
    sock.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-chat_user_1', auth: authFor(socket_id, 'private-chat_user_1') },
    });
    expect(await sock.frame('pusher_internal:subscription_succeeded')).toMatchObject({ channel: 'private-chat_user_1' });
    await app.realtime.broadcaster.publish(['private-chat_user_1'], 'send-message-to-user', { message: 'y' });
    await eventually(() => sock.frames.some((f) => f.event === 'send-message-to-user'));
    expect(sock.frames.filter((f) => f.event === 'send-message-to-user')).toEqual([
      { event: 'send-message-to-user', channel: 'private-chat_user_1', data: { message: 'y' } },
    ]);
    // Client events are refused.
    sock.send({ event: 'client-typing', channel: 'private-chat_user_1', data: {} });
    await eventually(() => sock.frames.some((f) => f.event === 'pusher:error' && /Client events/.test(JSON.stringify(f.data))));
    sock.ws.close();
  });

  it('answers malformed frames with pusher:error and carries on: the connection and the server stay up', async () => {
    const sock = await rawSocket(wsUrl());
    await sock.frame('pusher:connection_established');
    const before = sock.frames.length;
    const frames = [
      'not json',
      '[1,2,3]',
      'null',
      '42',
      '"text"',
      JSON.stringify({ event: 5 }),
      JSON.stringify({ data: {} }),
      JSON.stringify({ event: 'pusher:subscribe', data: 'x' }),
      JSON.stringify({ event: 'pusher:subscribe', data: { channel: {} } }),
      JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-chat_user_1\u0000', auth: 5 } }),
      JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: ['x'] } }),
      JSON.stringify({ event: '__proto__', data: { constructor: { prototype: { polluted: true } } } }),
      '['.repeat(3000) + ']'.repeat(3000),
    ];
    for (const f of frames) sock.ws.send(f);
    sock.ws.send(Buffer.from([0xff, 0x00, 0xfe]));
    sock.send({ event: 'pusher:ping', data: {} });
    await sock.frame('pusher:pong');
    expect(sock.frames.slice(before).filter((f) => f.event === 'pusher:error').length).toBeGreaterThanOrEqual(frames.length - 2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Another connection is greeted as ever.
    const other = await rawSocket(wsUrl());
    await other.frame('pusher:connection_established');
    other.ws.close();
    sock.ws.close();
  });

  it('caps the channels of one connection and the size of a frame', async () => {
    const sock = await rawSocket(wsUrl());
    const { socket_id } = (await sock.frame('pusher:connection_established')).data as { socket_id: string };
    for (const n of [1, 2, 3, 4]) {
      const channel = `private-chat_user_${n}`;
      sock.send({ event: 'pusher:subscribe', data: { channel, auth: authFor(socket_id, channel) } });
    }
    await eventually(() => sock.frames.filter((f) => f.event.includes('subscription')).length === 4);
    expect(sock.frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded')).toHaveLength(3);
    expect(sock.frames.find((f) => f.event === 'pusher:subscription_error')).toMatchObject({ channel: 'private-chat_user_4' });
    sock.send({ event: 'pusher:ping', data: { pad: 'x'.repeat(app.config.realtime.maxMessageBytes) } });
    expect((await sock.waitClosed()).code).toBe(1009);
  });

  it('closes an unknown key (4001), a missing (4008) or other (4007) protocol version', async () => {
    for (const [url, code] of [
      [wsUrl('?protocol=7', 'wrong-key'), 4001],
      // A long key in Arabic: the close frame's reason stays within its 123 bytes.
      [wsUrl('?protocol=7', encodeURIComponent('مفتاح'.repeat(6))), 4001],
      [wsUrl(''), 4008],
      [wsUrl('?protocol=6'), 4007],
    ] as const) {
      const sock = await rawSocket(url);
      expect({ url, code: (await sock.waitClosed()).code }).toEqual({ url, code });
      expect(sock.frames[0]).toMatchObject({ event: 'pusher:error', data: { code } });
    }
  });

  it('refuses a page of another origin and unknown paths before the upgrade; the site’s own origin is let in', async () => {
    await expect(rawSocket(wsUrl(), { origin: 'http://evil.example' })).rejects.toMatchObject({ status: 403 });
    await expect(rawSocket(`ws://127.0.0.1:${port}/socket`)).rejects.toMatchObject({ status: 404 });
    await expect(rawSocket(`ws://127.0.0.1:${port}/app/%E0%A4%A?protocol=7`)).rejects.toMatchObject({ status: 400 });
    const ok = await rawSocket(wsUrl(), { origin: ORIGIN });
    await ok.frame('pusher:connection_established');
    ok.ws.close();
  });

  it('carries Strict-Transport-Security on the upgrade and on refusals when the site is https, as HTTP answers do', async () => {
    // Served over http (this file's app): none.
    const plain = await rawSocket(wsUrl(), { origin: ORIGIN });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    plain.ws.close();
    const httpsOrigin = 'https://shop.example';
    const secure = await createTestApp({ publicUrl: httpsOrigin, realtime: app.config.realtime });
    try {
      const securePort = await listen(secure);
      const url = `ws://127.0.0.1:${securePort}/app/${key}?protocol=7`;
      const hsts = 'max-age=31536000; includeSubDomains';
      const ok = await rawSocket(url, { origin: httpsOrigin });
      expect(ok.headers['strict-transport-security']).toBe(hsts);
      await ok.frame('pusher:connection_established');
      ok.ws.close();
      for (const [target, options, status] of [
        [url, { origin: 'https://evil.example' }, 403],
        [`ws://127.0.0.1:${securePort}/socket`, {}, 404],
      ] as const)
        await expect(rawSocket(target, options)).rejects.toMatchObject({
          status,
          headers: { 'strict-transport-security': hsts },
        });
      // The HTTP answers of the same server carry the same value.
      expect((await secure.inject({ url: '/api/master' })).headers['strict-transport-security']).toBe(hsts);
    } finally {
      await secure.close();
    }
  });

  it('pings a silent connection and drops it when nothing answers; a client that answers stays', async () => {
    const dead = await rawSocket(wsUrl(), { autoPong: false });
    const alive = await rawSocket(wsUrl());
    alive.ws.on('message', (raw) => {
      if (JSON.parse(raw.toString()).event === 'pusher:ping') alive.send({ event: 'pusher:pong', data: {} });
    });
    await dead.frame('pusher:ping', 3000);
    expect((await dead.waitClosed(4000)).code).toBe(1006);
    expect(alive.closed).toBeNull();
    alive.ws.close();
  });
});

describe('the Pusher HTTP API', () => {
  it('takes events from the official pusher server package (trigger and batch) and checks its signature', async () => {
    const sock = await rawSocket(wsUrl());
    const { socket_id } = (await sock.frame('pusher:connection_established')).data as { socket_id: string };
    sock.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-chat_shop_7', auth: authFor(socket_id, 'private-chat_shop_7') },
    });
    await sock.frame('pusher_internal:subscription_succeeded');
    const publisher = new PusherServer({ appId, key, secret, host: '127.0.0.1', port: String(port), useTLS: false });
    const res = await publisher.trigger(['private-chat_shop_7', 'private-chat_shop_8'], 'send-message-to-shop', {
      message: { id: 1 },
    });
    expect(res.status).toBe(200);
    await publisher.triggerBatch([{ channel: 'private-chat_shop_7', name: 'batched', data: { n: 2 } }]);
    await eventually(() => sock.frames.some((f) => f.event === 'batched'));
    expect(sock.frames.filter((f) => f.channel === 'private-chat_shop_7' && !f.event.startsWith('pusher'))).toEqual([
      { event: 'send-message-to-shop', channel: 'private-chat_shop_7', data: { message: { id: 1 } } },
      { event: 'batched', channel: 'private-chat_shop_7', data: { n: 2 } },
    ]);
    // The socket that caused an event can be left out of it.
    await publisher.trigger('private-chat_shop_7', 'echo', {}, { socket_id });
    // Wrong secret, wrong key, wrong app: refused, nothing delivered.
    for (const bad of [
      new PusherServer({ appId, key, secret: 'another-secret-012345', host: '127.0.0.1', port: String(port), useTLS: false }),
      new PusherServer({ appId, key: 'other-key', secret, host: '127.0.0.1', port: String(port), useTLS: false }),
      new PusherServer({ appId: 'other-app', key, secret, host: '127.0.0.1', port: String(port), useTLS: false }),
    ]) {
      const status = await bad.trigger('private-chat_shop_7', 'forged', {}).then(
        (r) => r.status,
        (e: { status?: number }) => e.status,
      );
      expect([401, 404]).toContain(status);
    }
    await new Promise((r) => setTimeout(r, 150));
    expect(sock.frames.some((f) => f.event === 'forged' || f.event === 'echo')).toBe(false);
    sock.ws.close();
  });
});

describe('the pusher driver', () => {
  it('publishes through another server’s HTTP API when PUSHER_HOST is set, and /master announces that server', async () => {
    // A second API process on the same database whose Broadcaster is the Pusher HTTP API of the first.
    const peer = await buildApp(
      {
        ...app.config,
        realtime: {
          ...app.config.realtime,
          driver: 'pusher',
          remote: { host: '127.0.0.1', port, tls: false, wsHost: 'ws.example', wsPort: 6001 },
        },
      },
      { prepareDatabase: false },
    );
    try {
      const master = (await peer.inject({ method: 'GET', url: '/api/master' })).json().data;
      expect(master).toMatchObject({ pusher_app_key: key, pusher_host: 'ws.example', pusher_port: 6001, pusher_tls: false });
      const own = (await app.inject({ method: 'GET', url: '/api/master' })).json().data;
      expect(own).toMatchObject({ pusher_host: null, pusher_port: null, pusher_tls: false });
      const s = await sellerOf(4);
      const pusher = client(s.token);
      const channel = pusher.subscribe('private-chat_shop_4');
      const events = collect(channel, 'send-message-to-shop');
      await subscribed(channel);
      const c = await makeCustomer(app);
      const sent = await peer.inject({
        method: 'POST',
        url: '/api/send-message',
        headers: c.auth,
        payload: { shop_id: 4, message: 'via the peer' },
      });
      expect(sent.statusCode).toBe(200);
      expect(chatEventSchema.parse(await events.next()).message).toMatchObject({
        id: sent.json().data.id,
        message: 'via the peer',
      });
    } finally {
      await peer.close();
    }
  });
});

describe('socket caps (issue 41, finding 7)', () => {
  it('caps sockets per client address (behind the trusted proxy) and overall with 4100, and closes one that joins no channel in time (4009)', async () => {
    const capped = await createTestApp({
      trustProxy: 1,
      realtime: { ...app.config.realtime, maxConnections: 4, maxConnectionsPerIp: 2, subscribeWithinS: 1, activityTimeoutS: 60 },
    });
    const p = await listen(capped);
    const url = `ws://127.0.0.1:${p}/app/${key}?protocol=7`;
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const open = async (ip: string) => {
      const s = await rawSocket(url, from(ip));
      await eventually(() => s.frames.length > 0, 3000, 'first frame');
      return s;
    };
    // Two from one address; the third from it is told to come back later; another address still gets in.
    const a1 = await open('10.9.0.1');
    const a2 = await open('10.9.0.1');
    const a3 = await open('10.9.0.1');
    expect(a3.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4100 } });
    expect((await a3.waitClosed()).code).toBe(4100);
    const b1 = await open('10.9.0.2');
    const b2 = await open('10.9.0.2');
    expect(b1.frames[0]!.event).toBe('pusher:connection_established');
    // Four held: a fifth, from anywhere, is over capacity.
    const c1 = await open('10.9.0.3');
    expect((await c1.waitClosed()).code).toBe(4100);
    // One that joins a channel stays; the ones that join none are closed after a second, pings or not.
    const { socket_id } = a1.frames[0]!.data as { socket_id: string };
    a1.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-chat_user_9', auth: authFor(socket_id, 'private-chat_user_9') },
    });
    await a1.frame('pusher_internal:subscription_succeeded');
    for (const s of [a2, b1, b2]) expect((await s.waitClosed(4000)).code).toBe(4009);
    expect(a1.closed).toBeNull();
    // A socket closed frees its address's place.
    const a4 = await open('10.9.0.1');
    expect(a4.frames[0]!.event).toBe('pusher:connection_established');
    a1.ws.close();
    a4.ws.close();
  });
});
