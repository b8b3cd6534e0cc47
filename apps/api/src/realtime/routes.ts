import {
  BROADCASTING_AUTH_PATH,
  broadcastingAuthBody,
  broadcastingAuthResponseSchema,
  shopChatChannel,
  userChatChannel,
} from '@souq/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { hstsValue } from '../http/hsts';
import { HttpError, route } from '../http/route';
import type { Revoked } from '../modules/auth/token-cache';
import { upgradeClientIp } from './client-ip';
import { attachPusherServer } from './pusher-server';
import { channelAuth, checkSignedRequest } from './signature';

/** The realtime server's answers carry HSTS over https, as the HTTP answers do. */
function hstsHeaders(publicUrl: string): Array<[string, string]> {
  const value = hstsValue(publicUrl);
  return value ? [['Strict-Transport-Security', value]] : [];
}

/** Largest `data` of one event of the HTTP API (Pusher's own limit). */
export const MAX_EVENT_DATA_BYTES = 10_240;

const eventName = z.string().min(1).max(200);
const channelName = z.string().regex(/^[A-Za-z0-9_\-=@,.;]{1,200}$/);
const eventSchema = z
  .object({
    name: eventName,
    data: z.string().refine((d) => Buffer.byteLength(d) <= MAX_EVENT_DATA_BYTES, `data is over ${MAX_EVENT_DATA_BYTES} bytes`),
    channel: channelName.optional(),
    channels: z.array(channelName).min(1).max(100).optional(),
    socket_id: z
      .string()
      .regex(/^\d+\.\d+$/)
      .optional(),
  })
  .refine((e) => !!e.channel !== !!e.channels, 'name either channel or channels');
const batchSchema = z.object({
  batch: z
    .array(eventSchema.refine((e) => !e.channels, 'a batch event names one channel'))
    .min(1)
    .max(10),
});

/**
 * POST /api/broadcasting/auth (a customer's or a seller's token) and, with the embedded server, the
 * WebSocket endpoint /app/{key} and the Pusher HTTP API /apps/{appId}/events and /batch_events.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  const cfg = app.config.realtime;
  // pusher-js posts its authorisation requests as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  route(
    app,
    {
      method: 'POST',
      url: BROADCASTING_AUTH_PATH,
      summary:
        "Sign a socket's subscription to the caller's own private channel: a customer's private-chat_user_{id}, a seller's private-chat_shop_{shopId}",
      tags: ['chat'],
      auth: 'any',
      body: broadcastingAuthBody,
      response: broadcastingAuthResponseSchema,
    },
    async ({ auth, body }) => {
      const own = 'shopId' in auth ? shopChatChannel(auth.shopId) : userChatChannel(auth.id);
      if (body.channel_name !== own) throw new HttpError(403, 'This channel is not yours.');
      return { auth: channelAuth(cfg.key, cfg.secret, body.socket_id, body.channel_name) };
    },
  );

  if (cfg.driver !== 'embedded') return;

  const server = attachPusherServer(
    app.server,
    app.realtime.hub,
    {
      key: cfg.key,
      secret: cfg.secret,
      allowedOrigin: app.config.publicUrl,
      activityTimeoutS: cfg.activityTimeoutS,
      pongTimeoutMs: cfg.pongTimeoutMs,
      maxMessageBytes: cfg.maxMessageBytes,
      maxSubscriptions: cfg.maxSubscriptions,
      maxConnections: cfg.maxConnections,
      maxConnectionsPerIp: cfg.maxConnectionsPerIp,
      subscribeWithinS: cfg.subscribeWithinS,
      clientIp: upgradeClientIp(app.config.trustProxy),
      headers: hstsHeaders(app.config.publicUrl),
    },
    app.log,
  );
  // Before the HTTP server waits for its connections to end: the sockets are told to reconnect.
  app.addHook('preClose', async () => server.close());

  // A revoked token (sign-out, password change, deactivation, a shop suspended), here or on another
  // instance (the token cache's Redis channel): the sockets subscribed to its owner's channel are asked to
  // reconnect, and each must authorise its channel again, so a socket whose token is gone keeps no
  // subscription (issue 41, finding 5). The owner's other devices reconnect and go on.
  // After a short pause: the device that signed itself out closes its own socket as its page signs out,
  // and would otherwise reconnect first and meet a 401 on its way out.
  app.tokenCache.onRevoked((what) => {
    const renew = () =>
      void channelOfRevoked(app, what)
        .then((channel) => {
          if (channel) for (const c of app.realtime.hub.subscribers(channel)) c.reconnect();
        })
        .catch((err: unknown) => app.log.warn({ err }, 'realtime: could not renew the subscriptions of a revoked token'));
    setTimeout(renew, RENEW_AFTER_MS).unref();
  });

  // The Pusher HTTP API checks the body's MD5: the raw body is needed, in this scope only.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const verify = (url: string, query: unknown, body: unknown, reply: FastifyReply) => {
      const problem = checkSignedRequest(
        cfg,
        'POST',
        url.split('?')[0]!,
        query as Record<string, string>,
        typeof body === 'string' ? body : '',
      );
      if (problem) {
        reply.status(401).send({ message: problem });
        return null;
      }
      try {
        return JSON.parse(typeof body === 'string' ? body : '') as unknown;
      } catch {
        reply.status(400).send({ message: 'The body is not JSON.' });
        return null;
      }
    };
    const badRequest = (reply: FastifyReply, error: z.ZodError) =>
      reply.status(400).send({ message: error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });

    raw.post<{ Params: { appId: string } }>('/apps/:appId/events', async (req, reply) => {
      if (req.params.appId !== cfg.appId) return reply.status(404).send({ message: 'Unknown app.' });
      const json = verify(req.url, req.query, req.body, reply);
      if (json === null) return reply;
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) return badRequest(reply, parsed.error);
      const e = parsed.data;
      await app.realtime.broadcaster.publish(e.channels ?? [e.channel!], e.name, e.data, { exceptSocketId: e.socket_id });
      return {};
    });

    raw.post<{ Params: { appId: string } }>('/apps/:appId/batch_events', async (req, reply) => {
      if (req.params.appId !== cfg.appId) return reply.status(404).send({ message: 'Unknown app.' });
      const json = verify(req.url, req.query, req.body, reply);
      if (json === null) return reply;
      const parsed = batchSchema.safeParse(json);
      if (!parsed.success) return badRequest(reply, parsed.error);
      for (const e of parsed.data.batch)
        await app.realtime.broadcaster.publish([e.channel!], e.name, e.data, { exceptSocketId: e.socket_id });
      return { batch: parsed.data.batch.map(() => ({})) };
    });
  });
}

/** How long after a revocation its owner's sockets are asked to reconnect. */
const RENEW_AFTER_MS = 2000;

/** The private channel a revoked token's owner subscribes to, if any (an operator has none). */
async function channelOfRevoked(app: FastifyInstance, what: Revoked): Promise<string | null> {
  const owner = 'ownerType' in what ? { type: what.ownerType, id: what.ownerId } : what.owner;
  if (!owner) return null;
  if (owner.type === 'user') return userChatChannel(owner.id);
  if (owner.type !== 'seller') return null;
  const row = await app.db.selectFrom('shop_users').select('shop_id').where('id', '=', owner.id).executeTakeFirst();
  return row ? shopChatChannel(row.shop_id) : null;
}
