import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const isOrigin = (u: URL) => (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash && !u.username;

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every variable the server reads, with its default. Parsed once at start-up. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  APP_ENV: z.enum(['local', 'production', 'staging', 'test']).default('local'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  /** The site's public origin: every absolute URL (canonical, hreflang, Open Graph, JSON-LD, sitemap) uses it. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((v) => !URL.canParse(v) || isOrigin(new URL(v)), {
      error: 'must be an origin only (e.g. https://souq.om), without a path, query or fragment',
    })
    .optional(),
  /** Which proxies may set X-Forwarded-For/-Proto/-Host: a hop count or a list of addresses and CIDR ranges. */
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  API_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: the demo in every environment but production (which refuses SEED_DEMO=true; decision 043). */
  SEED_DEMO: bool.optional(),
  WEB_BUILD_DIR: z.string().optional(),
  SERVE_WEB: bool.default(true),
  PUSHER_APP_KEY: z.string().default('souq-local-key'),
  PUSHER_APP_CLUSTER: z.string().default('local'),

  // --- Realtime (issue 17, decision 019) ---
  /** The Pusher app id: the HTTP API's path (/apps/{id}/events) on the embedded server, or the hosted one's. */
  PUSHER_APP_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'must be letters, digits, - or _')
    .default('souq-local'),
  /** Signs channel authorisations and HTTP API calls. Unset: random at each start (one process only). */
  PUSHER_APP_SECRET: z.string().min(16).optional(),
  /** Set: publish through the Pusher HTTP API of this host (hosted Pusher, Soketi) instead of the embedded server. */
  PUSHER_HOST: z.string().min(1).optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** https/wss to PUSHER_HOST; default: on unless PUSHER_PORT is 80 or 6001. */
  PUSHER_TLS: bool.optional(),
  /** Where browsers open their WebSocket when PUSHER_HOST is set (announced in /master); default PUSHER_HOST/PUSHER_PORT. */
  PUSHER_WS_HOST: z.string().min(1).optional(),
  PUSHER_WS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Longest wait for the Pusher HTTP API (ms). */
  PUSHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Set: realtime events fan out through Redis pub/sub to every instance, and rate limits live in Redis. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key and channel, so that several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be letters, digits, _ : . or -')
    .default('souq:'),
  /** Embedded server: seconds without a frame after which a client should ping (Pusher's activity_timeout). */
  REALTIME_ACTIVITY_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(120),
  /** Embedded server: largest frame a client may send (bytes), and channels one connection may join. */
  REALTIME_MAX_MESSAGE_BYTES: z.coerce.number().int().min(256).max(1_048_576).default(10_240),
  REALTIME_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(1000).default(10),
  /** Embedded server: sockets this process holds at most, and from one client address (issue 41). */
  REALTIME_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  REALTIME_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Embedded server: seconds a socket may stay without a channel joined (a page subscribes at once). */
  REALTIME_SUBSCRIBE_WITHIN_S: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How long a process trusts a token it has read (ms; 0: every call reads it). Revocations apply at
   * once on every instance (through Redis with REDIS_URL); changes made outside the API within this time.
   */
  TOKEN_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** How long public catalogue answers (lists, details, home) are reused, in ms; 0 turns the cache off. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** How long after expiry a cached public answer may still be served while producing a new one fails (database down). */
  CATALOG_CACHE_STALE_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** PostgreSQL: longest statement, wait for a connection, and open transaction left idle (ms; 0 turns one off). */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: connections of the public catalogue's own pool (lists, details, categories, /master). */
  PG_READ_POOL_MAX: z.coerce.number().int().min(1).max(200).default(4),
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(1_500),
  /** PostgreSQL `lock_timeout` of the server's statements (ms; 0 turns it off): a wait on a lock gives up (503). */
  PG_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(1_000),
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /**
   * Share of page views (0–1) whose LCP, INP and CLS the storefront reports to POST /api/vitals, which
   * logs them; 0 turns reporting off. Unset: 0.1 in production, 0 otherwise.
   */
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).optional(),
  /** Vitals reports accepted per client IP per minute. */
  VITALS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),

  // --- Accounts (issue 4) ---
  /** Secret for the HMAC of one-time codes (≥ 32 characters). Unset: a random one per process start (not allowed in production). */
  OTP_SECRET: z.string().min(32).optional(),
  /** One-time codes per phone/email and per client IP in 24 hours. */
  OTP_DAILY_LIMIT: z.coerce.number().int().min(1).default(10),
  OTP_DAILY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  /** Window of the login and code-check rate limits, and the attempts allowed in it. */
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(900_000),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  OTP_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  OTP_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  /** Password hashes/verifications running at once, and how long a queued one may wait (then 503). */
  // One core is left to the event loop (and so to every other request): argon2id is CPU-bound.
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, os.availableParallelism() - 1)),
  PASSWORD_HASH_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(10).default(10_000),
  /** Profile photos decoded at once, uploads that may wait for their turn (then 503), and uploads a customer may make per window. */
  PHOTO_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  PHOTO_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(8),
  PHOTO_UPLOAD_LIMIT_PER_USER: z.coerce.number().int().min(1).default(10),
  /**
   * Pictures resized at once (each holds one of the four threads of Node's pool, which also reads files and
   * compresses pages) and resizes that may wait for their turn, at most 30 s (then 503 with Retry-After).
   */
  IMAGE_RESIZE_CONCURRENCY: z.coerce.number().int().min(1).max(4).default(2),
  IMAGE_RESIZE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(2_000),
  MAIL_DRIVER: z.enum(['log', 'smtp']).default('log'),
  SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Souq <no-reply@souq.local>'),
  SMS_DRIVER: z.enum(['log', 'http']).default('log'),
  /** The http SMS driver POSTs `{to, message}` as JSON here (Authorization: Bearer SMS_HTTP_TOKEN when set). */
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Comma-separated accepted issuers. */
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com,accounts.google.com'),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_REDIRECT_URI: z.string().min(1).default('postmessage'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v20.0'),
  FACEBOOK_APP_SECRET: z.string().optional(),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  APPLE_ISSUER: z.string().min(1).default('https://appleid.apple.com'),
  SOCIAL_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),

  // --- Account safety (issue 13): login slow-down, social sign-in limit ---
  /**
   * Once an account has had LOGIN_LIMIT_PER_ACCOUNT failed logins (from any address) in the window,
   * each further wrong password is answered after a pause that doubles from 0.5 s up to this (ms).
   */
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
  /** Social sign-in attempts (each one calls the provider) per client IP in the window. */
  SOCIAL_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),

  // --- Payment (issue 16) ---
  /** Thawani Pay: the API and hosted-page origin (UAT by default), the merchant's keys and the webhook secret. */
  THAWANI_BASE_URL: z.url().default('https://uatcheckout.thawani.om'),
  THAWANI_SECRET_KEY: z.string().optional(),
  THAWANI_PUBLISHABLE_KEY: z.string().optional(),
  THAWANI_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe Checkout (decision 023): the API origin (a local peer in tests), the secret key and the webhook signing secret. */
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Seconds a Stripe-Signature timestamp may be away from now (Stripe's libraries use 300). */
  STRIPE_WEBHOOK_TOLERANCE_SEC: z.coerce.number().int().min(1).max(86_400).default(300),
  PAYMENT_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Minutes after which an online order still unpaid is cancelled and its stock released. */
  UNPAID_ORDER_TIMEOUT_MIN: z.coerce.number().int().min(1).max(10_080).default(30),

  // --- Support (issue 18) ---
  /** Contact-form messages (POST /api/support) accepted from one client IP per RATE_LIMIT_WINDOW_MS. */
  CONTACT_LIMIT_PER_IP: z.coerce.number().int().min(1).default(5),
  /** New support tickets and ticket answers one account may post per RATE_LIMIT_WINDOW_MS. */
  SUPPORT_POST_LIMIT_PER_USER: z.coerce.number().int().min(1).default(30),
  /** How long a signed link to a ticket attachment stays valid, in minutes. */
  SUPPORT_FILE_URL_TTL_MIN: z.coerce.number().int().min(1).max(1440).default(30),
  // --- Chat (issue 41, finding 6) ---
  /** Chat messages one customer account may send per minute (to all its shops together) before 429. */
  CHAT_SEND_LIMIT_PER_USER: z.coerce.number().int().min(1).default(30),
  /** Chat messages one shop's sellers may send per minute (to all its customers together) before 429. */
  CHAT_SEND_LIMIT_PER_SHOP: z.coerce.number().int().min(1).default(120),
  // --- Content and shop applications (issue 18) ---
  /** Shop applications (Become a Seller) accepted per client IP per RATE_LIMIT_WINDOW_MS. */
  SHOP_APPLY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(5),
  // --- Backup and restore (issue 38, decision 045) ---
  /** The folder of pg_dump and pg_restore for `npm run backup`/`restore` on PostgreSQL; unset: found on PATH. */
  PG_BIN_DIR: z
    .string()
    .min(1)
    .refine((v) => path.isAbsolute(v), 'must be an absolute path (e.g. /usr/lib/postgresql/16/bin)')
    .optional(),

  // --- Operations (issue 38, decision 044) ---
  /** Set: GET /metrics answers Prometheus text to `Authorization: Bearer <METRICS_TOKEN>` (else 404). */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an Authorization header)')
    .optional(),
  /** SIGTERM/SIGINT: how long the server may take to answer what is in flight and close (ms); past it, it exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  // --- Notifications outbox (issue 38, decision 046) ---
  /** false: no notification is written (orders, statuses, refunds, shops, tickets tell nobody). */
  NOTIFY_ENABLED: bool.default(true),
  /** false: this process writes notifications but does not send them (another process's worker does). */
  OUTBOX_WORKER: bool.default(true),
  /** Wait between two looks at an empty outbox (ms); rows claimed at once; of them sent at once. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** Attempts before a message is given up (failed); back-off after the first failure, doubled up to the max (ms). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  OUTBOX_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  OUTBOX_BACKOFF_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  /** How long a claim holds its rows (ms): a process that dies leaves them to another after this. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** Above this share of the event loop busy, a message waits for requests to calm down; 1: never. */
  OUTBOX_YIELD_ELU: z.coerce.number().min(0).max(1).default(0.1),
  /** The longest a message waits for a busy process after it became due (ms); 0: never waits. */
  OUTBOX_DEFER_MAX_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Days a sent or failed message is kept before the worker deletes it (at most once an hour); 0: kept forever. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(180),
});

/** The notifications outbox's worker (OUTBOX_*; modules/notifications/worker.ts, decision 046). */
export interface OutboxSettings {
  /** Wait between two looks at the outbox while it is empty (ms). */
  pollMs: number;
  /** Rows claimed at once, and sent at once of them. */
  batchSize: number;
  concurrency: number;
  /** Attempts before a row is `failed` for good. */
  maxAttempts: number;
  /** Back-off after the first failure (ms), doubled at each failure up to `backoffMaxMs`. */
  backoffMs: number;
  backoffMaxMs: number;
  /** How long a claim holds its rows (ms): past it, another worker may take the rows not marked sent. */
  leaseMs: number;
  /**
   * From this share of the event loop busy (0–1, over the last 100 ms) up, a message waits (up to
   * `deferMaxMs` after it became due) before it is sent: requests go first, the outbox catches up when
   * they calm down. 1: never.
   */
  yieldAbove: number;
  /** The longest a due message waits for a busy process (ms); below `leaseMs`. 0: it never waits. */
  deferMaxMs: number;
  /**
   * Days a `sent` or `failed` message is kept (counted from its last attempt); the worker deletes older
   * ones at most once an hour, in batches. 0: kept forever.
   */
  retentionDays: number;
}

/** Variables a production start cannot do without: checked after the per-variable rules. */
const productionSchema = configSchema.superRefine((e, ctx) => {
  if (e.APP_ENV === 'production' && !e.PUBLIC_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'required when APP_ENV=production: the public origin of the site, e.g. https://souq.om',
    });
  if (e.REDIS_URL && !e.PUSHER_APP_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['PUSHER_APP_SECRET'],
      message:
        'required with REDIS_URL (at least 16 characters): every instance must sign and check channel authorisations alike',
    });
  if (e.PUSHER_HOST && !e.PUSHER_APP_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['PUSHER_APP_SECRET'],
      message: "required with PUSHER_HOST: the Pusher app's secret",
    });
  if (e.OUTBOX_BACKOFF_MAX_MS < e.OUTBOX_BACKOFF_MS)
    ctx.addIssue({
      code: 'custom',
      path: ['OUTBOX_BACKOFF_MAX_MS'],
      message: `must not be less than OUTBOX_BACKOFF_MS (${e.OUTBOX_BACKOFF_MS})`,
    });
  // A claimed message waiting for a busy process must still be sent within its claim's lease.
  if (e.OUTBOX_DEFER_MAX_MS >= e.OUTBOX_LEASE_MS)
    ctx.addIssue({
      code: 'custom',
      path: ['OUTBOX_DEFER_MAX_MS'],
      message: `must be less than OUTBOX_LEASE_MS (${e.OUTBOX_LEASE_MS})`,
    });
  if (e.APP_ENV !== 'production') return;
  if (!e.OTP_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['OTP_SECRET'],
      message:
        'required when APP_ENV=production (at least 32 characters): without it one-time codes die at every restart and differ between instances',
    });
  // Safe production mode (issue 38, decision 043). The checks that need the database (demo accounts, the
  // channel of one-time codes) run at start-up after the migrations (startup-checks.ts).
  if (!e.PUSHER_APP_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['PUSHER_APP_SECRET'],
      message:
        'required when APP_ENV=production (at least 16 characters): without it channel authorisations die at every restart and differ between instances',
    });
  if (e.SEED_DEMO === true)
    ctx.addIssue({
      code: 'custom',
      path: ['SEED_DEMO'],
      message: 'must be false (or unset) when APP_ENV=production: the demo seed creates accounts whose password is "password"',
    });
  if (e.SMS_DRIVER === 'http' && !e.SMS_HTTP_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_HTTP_URL'],
      message: 'required with SMS_DRIVER=http when APP_ENV=production: without it text messages go only to the log',
    });
});

export type EnvConfig = z.infer<typeof configSchema>;

export interface AppConfig {
  env: EnvConfig['NODE_ENV'];
  appEnv: EnvConfig['APP_ENV'];
  host: string;
  port: number;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  /** The public origin without a trailing slash (PUBLIC_URL; http://localhost:PORT outside production). */
  publicUrl: string;
  /** Fastify's trustProxy: false (the socket's address is the client's), a hop count, or trusted addresses. */
  trustProxy: false | number | string[];
  apiUrl: string | undefined;
  logLevel: EnvConfig['LOG_LEVEL'];
  seedDemo: boolean;
  webBuildDir: string;
  serveWeb: boolean;
  /** Resizes of `/img/<w>/…` at once, and how many may wait (IMAGE_RESIZE_*). */
  imageResize: { concurrency: number; queueLimit: number };
  pusher: { key: string; cluster: string };
  realtime: RealtimeConfig;
  /** REDIS_URL: realtime fan-out between instances and shared rate limits; keys and channels start with `redisPrefix`. */
  redisUrl: string | undefined;
  redisPrefix: string;
  /** TOKEN_CACHE_MS: how long a read token is trusted (decision 031). */
  tokenCacheMs: number;
  catalogCacheTtlMs: number;
  catalogCacheStaleMs: number;
  postgres: PostgresTimeouts;
  vitals: { sampleRate: number; limitPerIp: number };
  accounts: AccountsConfig;
  payments: PaymentsConfig;
  support: SupportConfig;
  content: { shopApplyLimitPerIp: number };
  /** Chat sends per minute: per customer account, and per shop for its sellers. */
  chat: { sendLimitPerUser: number; sendLimitPerShop: number };
  /** PG_BIN_DIR: where the backup and restore commands find pg_dump and pg_restore (unset: PATH). */
  pgBinDir: string | undefined;
  /** METRICS_TOKEN: GET /metrics is served only with it (decision 044). */
  metricsToken: string | undefined;
  /** SHUTDOWN_TIMEOUT_MS: the hard deadline of a graceful stop (server.ts). */
  shutdownTimeoutMs: number;
  /** Notifications (NOTIFY_ENABLED) and the outbox worker of this process (OUTBOX_*; decision 046). */
  notifications: { enabled: boolean; worker: boolean; outbox: OutboxSettings };
  /** The clock of the accounts module (tests move it to expire codes). */
  now: () => Date;
}

/** The realtime server and the Broadcaster's driver (decision 019). */
export interface RealtimeConfig {
  appId: string;
  key: string;
  secret: string;
  /** 'embedded': this process serves the Pusher protocol; 'pusher': events go to PUSHER_HOST's HTTP API. */
  driver: 'embedded' | 'pusher';
  /** The Pusher-compatible server of the 'pusher' driver, and where browsers connect to it. */
  remote: { host: string; port: number; tls: boolean; wsHost: string; wsPort: number } | null;
  timeoutMs: number;
  activityTimeoutS: number;
  maxMessageBytes: number;
  maxSubscriptions: number;
  maxConnections: number;
  maxConnectionsPerIp: number;
  subscribeWithinS: number;
  /** How long an unanswered ping is waited for before the connection is dropped (ms). */
  pongTimeoutMs: number;
}

/** Limits of the PostgreSQL pool and sessions: its size, and times in ms (0: none). */
export interface PostgresTimeouts {
  /** Connections of the pool (PG_POOL_MAX; 10 when not given). */
  poolMax?: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  /** Connections of the public catalogue's pool (PG_READ_POOL_MAX; 4 when not given). */
  readPoolMax?: number;
  /** `lock_timeout` (PG_LOCK_TIMEOUT_MS; none when not given). */
  lockTimeoutMs?: number;
}

export interface PaymentsConfig {
  timeoutMs: number;
  unpaidTimeoutMin: number;
  thawani: { baseUrl: string; secretKey?: string; publishableKey?: string; webhookSecret?: string };
  stripe: { apiBase: string; secretKey?: string; webhookSecret?: string; toleranceSec: number };
}

/**
 * The online gateways this server has the keys for: only they are offered (`/master` marks the others
 * inactive) and accepted at placement, whatever the settings activate.
 */
export function configuredGateways(p: PaymentsConfig): Set<string> {
  const out = new Set<string>();
  if (p.thawani.secretKey && p.thawani.publishableKey) out.add('thawani');
  if (p.stripe.secretKey) out.add('stripe');
  return out;
}

export interface SupportConfig {
  contactLimitPerIp: number;
  postLimitPerUser: number;
  fileUrlTtlMin: number;
}

export interface AccountsConfig {
  otpSecret: string;
  otpDailyLimit: number;
  otpDailyLimitPerIp: number;
  rateLimitWindowMs: number;
  loginLimitPerAccount: number;
  loginLimitPerIp: number;
  otpLimitPerAccount: number;
  otpLimitPerIp: number;
  passwordHashConcurrency: number;
  passwordHashQueueTimeoutMs: number;
  photo: { concurrency: number; queueLimit: number; uploadsPerUser: number };
  mail: { driver: 'log' | 'smtp'; host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
  sms: { driver: 'log' | 'http'; url?: string; token?: string };
  social: {
    timeoutMs: number;
    google: { tokenUrl: string; jwksUrl: string; issuer: string[]; clientSecret?: string; redirectUri: string };
    facebook: { graphUrl: string; appSecret?: string };
    apple: { jwksUrl: string; issuer: string[] };
  };
  loginDelayMaxMs: number;
  socialLimitPerIp: number;
}

export class ConfigError extends Error {}

/**
 * Reads the environment once; a bad variable stops the start with a message naming it. `serving: false`
 * (`npm run migrate`): each variable's own rules only, not what a production server needs besides.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { serving?: boolean } = {},
): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = (options.serving === false ? configSchema : productionSchema).safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return fromEnv(parsed.data);
}

export function fromEnv(e: EnvConfig): AppConfig {
  const dataDir = path.resolve(e.DATA_DIR);
  let database: AppConfig['database'];
  if (e.DATABASE_URL && /^postgres/.test(e.DATABASE_URL)) database = { dialect: 'postgres', url: e.DATABASE_URL };
  else if (e.DATABASE_URL) database = { dialect: 'sqlite', file: e.DATABASE_URL.replace(/^sqlite:(\/\/)?/, '') };
  else database = { dialect: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') };
  return {
    env: e.NODE_ENV,
    appEnv: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
    trustProxy: e.TRUST_PROXY ?? false,
    apiUrl: e.API_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? e.APP_ENV !== 'production',
    webBuildDir: path.resolve(e.WEB_BUILD_DIR ?? path.join(import.meta.dirname, '../../web/build')),
    serveWeb: e.SERVE_WEB,
    imageResize: { concurrency: e.IMAGE_RESIZE_CONCURRENCY, queueLimit: e.IMAGE_RESIZE_QUEUE_LIMIT },
    pusher: { key: e.PUSHER_APP_KEY, cluster: e.PUSHER_APP_CLUSTER },
    realtime: realtimeOf(e),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    tokenCacheMs: e.TOKEN_CACHE_MS,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
    catalogCacheStaleMs: e.CATALOG_CACHE_STALE_MS,
    postgres: {
      poolMax: e.PG_POOL_MAX,
      readPoolMax: e.PG_READ_POOL_MAX,
      statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.PG_CONNECT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      lockTimeoutMs: e.PG_LOCK_TIMEOUT_MS,
    },
    vitals: {
      sampleRate: e.VITALS_SAMPLE_RATE ?? (e.NODE_ENV === 'production' ? 0.1 : 0),
      limitPerIp: e.VITALS_LIMIT_PER_IP,
    },
    payments: {
      timeoutMs: e.PAYMENT_HTTP_TIMEOUT_MS,
      unpaidTimeoutMin: e.UNPAID_ORDER_TIMEOUT_MIN,
      thawani: {
        baseUrl: e.THAWANI_BASE_URL.replace(/\/+$/, ''),
        secretKey: e.THAWANI_SECRET_KEY,
        publishableKey: e.THAWANI_PUBLISHABLE_KEY,
        webhookSecret: e.THAWANI_WEBHOOK_SECRET,
      },
      stripe: {
        apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
        secretKey: e.STRIPE_SECRET_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        toleranceSec: e.STRIPE_WEBHOOK_TOLERANCE_SEC,
      },
    },
    support: {
      contactLimitPerIp: e.CONTACT_LIMIT_PER_IP,
      postLimitPerUser: e.SUPPORT_POST_LIMIT_PER_USER,
      fileUrlTtlMin: e.SUPPORT_FILE_URL_TTL_MIN,
    },
    content: { shopApplyLimitPerIp: e.SHOP_APPLY_LIMIT_PER_IP },
    chat: { sendLimitPerUser: e.CHAT_SEND_LIMIT_PER_USER, sendLimitPerShop: e.CHAT_SEND_LIMIT_PER_SHOP },
    notifications: {
      enabled: e.NOTIFY_ENABLED,
      worker: e.OUTBOX_WORKER,
      outbox: {
        pollMs: e.OUTBOX_POLL_MS,
        batchSize: e.OUTBOX_BATCH_SIZE,
        concurrency: e.OUTBOX_CONCURRENCY,
        maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
        backoffMs: e.OUTBOX_BACKOFF_MS,
        backoffMaxMs: e.OUTBOX_BACKOFF_MAX_MS,
        leaseMs: e.OUTBOX_LEASE_MS,
        yieldAbove: e.OUTBOX_YIELD_ELU,
        deferMaxMs: e.OUTBOX_DEFER_MAX_MS,
        retentionDays: e.OUTBOX_RETENTION_DAYS,
      },
    },
    accounts: {
      otpSecret: e.OTP_SECRET ?? randomBytes(32).toString('hex'),
      otpDailyLimit: e.OTP_DAILY_LIMIT,
      otpDailyLimitPerIp: e.OTP_DAILY_LIMIT_PER_IP,
      rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS,
      loginLimitPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
      loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
      otpLimitPerAccount: e.OTP_LIMIT_PER_ACCOUNT,
      otpLimitPerIp: e.OTP_LIMIT_PER_IP,
      passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
      passwordHashQueueTimeoutMs: e.PASSWORD_HASH_QUEUE_TIMEOUT_MS,
      photo: { concurrency: e.PHOTO_CONCURRENCY, queueLimit: e.PHOTO_QUEUE_LIMIT, uploadsPerUser: e.PHOTO_UPLOAD_LIMIT_PER_USER },
      mail: {
        driver: e.MAIL_DRIVER,
        host: e.SMTP_HOST,
        port: e.SMTP_PORT,
        secure: e.SMTP_SECURE,
        user: e.SMTP_USER,
        password: e.SMTP_PASSWORD,
        from: e.MAIL_FROM,
      },
      sms: { driver: e.SMS_DRIVER, url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN },
      social: {
        timeoutMs: e.SOCIAL_HTTP_TIMEOUT_MS,
        google: {
          tokenUrl: e.GOOGLE_TOKEN_URL,
          jwksUrl: e.GOOGLE_JWKS_URL,
          issuer: list(e.GOOGLE_ISSUER),
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          redirectUri: e.GOOGLE_REDIRECT_URI,
        },
        facebook: { graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''), appSecret: e.FACEBOOK_APP_SECRET },
        apple: { jwksUrl: e.APPLE_JWKS_URL, issuer: list(e.APPLE_ISSUER) },
      },
      loginDelayMaxMs: e.LOGIN_DELAY_MAX_MS,
      socialLimitPerIp: e.SOCIAL_LIMIT_PER_IP,
    },
    pgBinDir: e.PG_BIN_DIR,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    now: () => new Date(),
  };
}

function realtimeOf(e: EnvConfig): RealtimeConfig {
  let remote: RealtimeConfig['remote'] = null;
  if (e.PUSHER_HOST) {
    const tls = e.PUSHER_TLS ?? !(e.PUSHER_PORT === 80 || e.PUSHER_PORT === 6001);
    const port = e.PUSHER_PORT ?? (tls ? 443 : 80);
    remote = { host: e.PUSHER_HOST, port, tls, wsHost: e.PUSHER_WS_HOST ?? e.PUSHER_HOST, wsPort: e.PUSHER_WS_PORT ?? port };
  }
  return {
    appId: e.PUSHER_APP_ID,
    key: e.PUSHER_APP_KEY,
    secret: e.PUSHER_APP_SECRET ?? randomBytes(24).toString('hex'),
    driver: remote ? 'pusher' : 'embedded',
    remote,
    timeoutMs: e.PUSHER_TIMEOUT_MS,
    activityTimeoutS: e.REALTIME_ACTIVITY_TIMEOUT_S,
    maxMessageBytes: e.REALTIME_MAX_MESSAGE_BYTES,
    maxSubscriptions: e.REALTIME_MAX_SUBSCRIPTIONS,
    maxConnections: e.REALTIME_MAX_CONNECTIONS,
    maxConnectionsPerIp: e.REALTIME_MAX_CONNECTIONS_PER_IP,
    subscribeWithinS: e.REALTIME_SUBSCRIBE_WITHIN_S,
    pongTimeoutMs: 30_000,
  };
}

/**
 * TRUST_PROXY: unset, `false` or `0` — no proxy is trusted (X-Forwarded-* are ignored); a whole number —
 * that many proxies in front of the server; else a comma-separated list of addresses, CIDR ranges and
 * the names `loopback`, `linklocal`, `uniquelocal`. Returns a message for a bad value.
 */
export function parseTrustProxy(raw: string): false | number | string[] | string {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes' || v === '*')
    return 'trusting every sender would let any client choose its IP address: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : 'a hop count must be 10 at most';
  }
  const entries = list(v);
  const bad = entries.filter((entry) => {
    if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return false;
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    if (!family || extra !== undefined) return true;
    if (bits === undefined) return false;
    return !/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
  });
  if (bad.length || !entries.length)
    return `not a hop count nor a list of IP addresses or CIDR ranges (${bad.join(', ') || 'empty'}); e.g. 1, or 10.0.0.0/8,127.0.0.1`;
  return entries;
}

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Configuration for tests: an explicit database, no web, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> & Pick<AppConfig, 'database'>): AppConfig {
  return {
    ...fromEnv(
      configSchema.parse({
        LOG_LEVEL: 'silent',
        SERVE_WEB: 'false',
        APP_ENV: 'test',
        NODE_ENV: 'test',
        CATALOG_CACHE_TTL_MS: '0',
        // The outbox worker is started by the tests of notifications (modules/notifications) only.
        OUTBOX_WORKER: 'false',
        OUTBOX_YIELD_ELU: '1',
      }),
    ),
    ...overrides,
  };
}
