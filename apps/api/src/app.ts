import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import type { Locale } from '@souq/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import helmet from 'helmet';
import type { AppConfig } from './config';
import { createDb, type Db, type DbPools, type Dialect } from './db';
import { isDatabaseUnavailable } from './db/errors';
import { migrateToLatest } from './db/migrations';
import { seedDemoOperator, seedIfEmpty } from '../seed';
import { API_POLICY } from './http/csp';
import { HSTS, servedOverHttps } from './http/hsts';
import metricsPlugin from './http/metrics';
import { compressJsonAnswers, createResponseCache } from './http/response-cache';
import { type AuthKind, createOpenApiRegistry, HttpError } from './http/route';
import { createSettingsService, type SettingsService } from './modules/settings/settings.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { accountsRoutes } from './modules/accounts';
import { catalogRoutes } from './modules/catalog';
import { mediaRoutes } from './modules/media';
import { registerAuthentication, PasswordBusyError } from './modules/auth';
import { memoryRateLimitStore, type RateLimitStore, TooManyRequestsError } from './shared/rate-limit';
import { vitalsRoutes } from './modules/vitals';
import { createRedis } from './shared/redis';
import { redisRateLimitStore } from './shared/redis-rate-limit';
import { sellersRoutes } from './modules/sellers';
import { adminRoutes } from './modules/admin';
import { adminContentRoutes } from './modules/admin-content';
import { adminSettingsRoutes } from './modules/admin-settings';
import { adminDeskRoutes } from './modules/admin-desk';
import { adminShopsRoutes } from './modules/admin-shops';
import { adminTaxonomyRoutes } from './modules/admin-taxonomy';
import { adminOrdersRoutes } from './modules/admin-orders';
import { adminNotificationsRoutes } from './modules/admin-notifications';
import { adminReviewsRoutes } from './modules/admin-reviews';
import { sellerProductsRoutes } from './modules/seller-products';
import { sellerShopRoutes } from './modules/seller-shop';
import { commerceRoutes } from './modules/commerce';
import { reviewsRoutes } from './modules/reviews';
import { sellerDashboardRoutes } from './modules/seller-dashboard';
import { chatRoutes } from './modules/chat';
import { createRealtime, realtimeRoutes } from './realtime';
import { supportRoutes } from './modules/support';
import { contentRoutes } from './modules/content';
import { sellerVouchersRoutes } from './modules/seller-vouchers';
import { notificationsRoutes, registerNotifications } from './modules/notifications';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** An incoming x-request-id kept as this request's id: at most 64 of [A-Za-z0-9._-]; else none. */
export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && /^[\w.-]{1,64}$/.test(header) ? header : undefined;
}

/** Set-Cookie values, each with `Secure` (once). */
export function secureCookies(cookies: string | number | string[]): string[] {
  return [cookies].flat().map((c) => (/;\s*secure\s*(;|$)/i.test(String(c)) ? String(c) : `${String(c)}; Secure`));
}

/** The answer while the database cannot be reached (503), and when to try again. */
export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

export interface RouteRecord {
  method: string;
  url: string;
  auth: AuthKind | null;
}

export interface Services {
  settings: SettingsService;
  /** Set by the commerce module: cancels online orders left unpaid past UNPAID_ORDER_TIMEOUT_MIN (it runs every minute). */
  commerce?: { releaseUnpaidOrders(): Promise<void> };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    /**
     * For writes that may be lost in a crash (cart lines): on PostgreSQL its commits do not wait for the
     * log to reach the disk (db/index.ts createDb); on SQLite, and with a database given to buildApp, `db`.
     */
    relaxedDb: Db;
    /**
     * The public catalogue's reads (and /master): on PostgreSQL a pool of its own, so that calls waiting
     * on a locked table cannot take every connection from browsing shoppers; else `db`.
     */
    readDb: Db;
    dialect: Dialect;
    services: Services;
  }
  interface FastifyRequest {
    locale: Locale;
  }
  interface FastifyInstance {
    /** Rate-limit counters shared by every module. */
    limits: RateLimitStore;
    /** Every registered route with its `auth` declaration (null: public). */
    routeTable: RouteRecord[];
  }
}

export interface BuildOptions {
  /** An already migrated database to use instead of opening config.database (tests). */
  db?: { db: Db; dialect: Dialect };
  /** Run migrations and the first start's seed (when the database is empty). Default true. */
  prepareDatabase?: boolean;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
}

/** The composition root: used by the server and by the tests. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, stream: options.logStream },
    // X-Forwarded-For/-Proto/-Host are believed only from the proxies TRUST_PROXY names: otherwise any
    // client could choose the IP address every per-IP rate limit and log line uses.
    // A hop count trusts that many addresses nearest the server (Fastify's own number form trusts none).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Stopping (server.ts, decision 044): idle keep-alive connections are closed at once; a request that
    // arrives on a busy one meanwhile is still answered (with `Connection: close`), not refused with 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Every answer carries its request's id (x-request-id), and so does each log line of the request
    // (under Fastify's default label, reqId): a proxy's or client's id when it is short and safe, else a
    // new one. requestIdHeader off: Fastify would take the header as it comes; genReqId checks it.
    requestIdHeader: false,
    genReqId: (req) => acceptedRequestId(req.headers['x-request-id']) ?? randomUUID(),
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  const opened: { db: Db; dialect: Dialect; relaxed?: Db; reads?: Db; pools?: DbPools } =
    options.db ?? createDb(config.database, config.postgres);
  const { db, dialect } = opened;
  const relaxedDb = opened.relaxed ?? db;
  const readDb = opened.reads ?? db;
  if (options.prepareDatabase !== false) {
    await migrateToLatest(db, dialect);
    // First start: the base data, with the demo marketplace unless SEED_DEMO=false (seed/index.ts).
    await seedIfEmpty(db, dialect, app.log, path.join(config.dataDir, 'uploads'), config.seedDemo ? 'demo' : 'empty');
    // The demo operator (admin@souq.om / password) on a developer's machine only (BACKOFFICE.md "Roles").
    if (config.seedDemo && config.appEnv === 'local') await seedDemoOperator(db, config.now());
    // SQLite: move what migrating and seeding wrote from the write-ahead log into the database file and
    // empty the log. A new demo database (4.4 MB of log, under SQLite's 1,000-page automatic checkpoint)
    // was otherwise read from the log, through its index, until enough else was written.
    if (dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  }

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('relaxedDb', relaxedDb);
  app.decorate('readDb', readDb);
  app.decorate('dialect', dialect);
  app.decorate('openapi', createOpenApiRegistry());
  app.decorate('responseCache', createResponseCache(config.catalogCacheTtlMs, config.catalogCacheStaleMs));
  app.decorate('services', { settings: createSettingsService(readDb, config) });
  app.decorateRequest('locale', 'ar');
  // GET /metrics with METRICS_TOKEN, and the counters modules increment (decision 044): before every route.
  await app.register(metricsPlugin, {
    pools: opened.pools,
    sqliteFile: !options.db && config.database.dialect === 'sqlite' ? config.database.file : undefined,
  });
  // One store of rate-limit counters for every module (so one limit is one count).
  // With REDIS_URL the counters live in Redis, so that every instance counts into the same ones.
  if (config.redisUrl) {
    const redis = createRedis(config.redisUrl, { name: 'souq-limits', failFast: true });
    app.decorate('limits', redisRateLimitStore(redis, config.redisPrefix));
    app.addHook('onClose', async () => void redis.disconnect());
  } else {
    app.decorate(
      'limits',
      memoryRateLimitStore(() => config.now().getTime()),
    );
  }
  registerAuthentication(app);
  // Notifications: the outbox writer the services use, and this process's sender (decision 046).
  registerNotifications(app);
  // The outbox's depth at each scrape: messages written and not sent yet (docs/production.md, Monitoring).
  app.metrics.gauge({
    name: 'outbox_pending',
    help: 'Notifications written and not sent yet (pending or being sent)',
    collect: async (set) => set(await app.notifications.depth()),
  });
  // The realtime side: this process's sockets and the Broadcaster every module publishes through.
  const realtime = createRealtime(config, app.log);
  app.decorate('realtime', realtime);
  app.addHook('onClose', async () => realtime.close());
  // Every route as registered, with its auth declaration: the route walk test proves each is enforced.
  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeTable.push({ method, url: r.url, auth: r.config?.auth ?? null });
  });
  if (!options.db)
    app.addHook('onClose', async () => {
      if (relaxedDb !== db) await relaxedDb.destroy();
      if (readDb !== db) await readDb.destroy();
      await db.destroy();
    });

  const https = servedOverHttps(config.publicUrl);
  // Over https every cookie the server sets (its own or a page's) is Secure.
  if (https)
    app.addHook('onSend', (_req, reply, payload, done) => {
      const cookies = reply.getHeader('set-cookie');
      // (Fastify appends to set-cookie: the old values go first.)
      if (cookies !== undefined) reply.removeHeader('set-cookie').header('set-cookie', secureCookies(cookies));
      done(null, payload);
    });
  // Security headers on every answer, by helmet's middleware built once (@fastify/helmet builds it again,
  // parsing the policy, on every request: 2 % of a catalogue answer's CPU).
  const securityHeaders = helmet({
    // API answers (and static files) load nothing; pages replace this with their own nonce policy (web.ts).
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: https ? HSTS : false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  compressJsonAnswers(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) req.locale = await app.services.settings.resolveLocale(req.headers['accept-language']);
  });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown; code?: string }, req, reply) => {
    if (error instanceof PasswordBusyError) {
      return reply.status(503).header('retry-after', '2').send({ message: error.message });
    }
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty.'
              : status === 400
                ? 'Malformed request body.'
                : error.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down, read-only, locked or slow: a temporary state, not a bug of this request.
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Server error.' });
  });

  await app.register(settingsRoutes);
  await app.register(catalogRoutes);
  await app.register(accountsRoutes);
  await app.register(mediaRoutes);
  await app.register(sellersRoutes);
  await app.register(sellerProductsRoutes);
  await app.register(sellerShopRoutes);
  await app.register(commerceRoutes);
  await app.register(reviewsRoutes);
  await app.register(sellerDashboardRoutes);
  await app.register(realtimeRoutes);
  await app.register(chatRoutes);
  await app.register(supportRoutes);
  await app.register(vitalsRoutes);
  await app.register(contentRoutes);
  await app.register(sellerVouchersRoutes);
  await app.register(adminRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminDeskRoutes);
  await app.register(adminShopsRoutes);
  await app.register(adminTaxonomyRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(adminReviewsRoutes);
  await app.register(adminNotificationsRoutes);
  await app.register(notificationsRoutes);

  app.get('/api/docs', async () => app.openapi.document({ title: `${config.appEnv} storefront API`, version: '1.0.0' }));

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') return reply.status(404).send({ message: 'Not found.' });
    return reply.status(404).type('text/plain').send('Not found');
  });

  return app;
}
