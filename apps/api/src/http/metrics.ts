import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbPools } from '../db';

/**
 * What this process tells Prometheus (decision 044): `GET /metrics` in the text exposition format, served
 * only when METRICS_TOKEN is set and only to `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the
 * server's own 404, as for a path that does not exist. Each process answers for itself: with several
 * processes, Prometheus scrapes each one (its address, not the load balancer's).
 *
 * Every metric's name starts with `souq_` (prom-client's default process metrics included).
 */
export const METRIC_PREFIX = 'souq_';
/** The route label of requests no route matched (404s of unknown paths): one value, never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Request durations from 1 ms to 10 s (seconds, Prometheus' unit). */
export const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ACQUIRE_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export type LabelValues<L extends string> = Partial<Record<L, string | number>>;

export interface GaugeSpec<L extends string> {
  /** Without the `souq_` prefix, which is added: `outbox_depth` is exposed as `souq_outbox_depth`. */
  name: string;
  help: string;
  labelNames?: readonly L[];
  /**
   * Called at each scrape (only then): report the current value(s) with `set`. A label set not reported
   * in a scrape is not exposed in it. A collect that throws is logged and its gauge left out of that
   * scrape (without labels: exposed as NaN); the others are still answered.
   */
  collect(set: (value: number, labels?: LabelValues<L>) => void): void | Promise<void>;
}

/** This process's metrics: the registry and the counters modules increment. */
export interface Metrics {
  /** Whether /metrics is served (METRICS_TOKEN set); the counters count either way (a few additions). */
  readonly enabled: boolean;
  /** The prom-client registry that /metrics renders: register other metrics on it (`registers: [registry]`). */
  readonly registry: Registry;
  /** Orders committed, one per shop of a placement, by payment method. */
  readonly ordersPlaced: Counter<'payment_method'>;
  /** One-time codes handed to the e-mail or SMS driver, and those whose delivery failed. */
  readonly codesSent: Counter<'channel'>;
  readonly codesFailed: Counter<'channel'>;
  /** A gauge read at scrape time, e.g. the notifications outbox's depth (see GaugeSpec). */
  gauge<L extends string = never>(spec: GaugeSpec<L>): Gauge<L>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface MetricsOptions {
  /** PostgreSQL's pools (db/index.ts createDb); none on SQLite or with a database given to buildApp. */
  pools?: DbPools;
  /** The SQLite file, whose size and write-ahead log's size are exposed. */
  sqliteFile?: string;
}

function createMetrics(app: FastifyInstance, enabled: boolean): Metrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    enabled,
    registry,
    ordersPlaced: new Counter({
      name: `${METRIC_PREFIX}orders_placed_total`,
      help: 'Orders committed (one per shop of a placement), by payment method',
      labelNames: ['payment_method'],
      registers,
    }),
    codesSent: new Counter({
      name: `${METRIC_PREFIX}otp_codes_sent_total`,
      help: 'One-time codes handed to the e-mail or SMS driver (the log driver included), by channel',
      labelNames: ['channel'],
      registers,
    }),
    codesFailed: new Counter({
      name: `${METRIC_PREFIX}otp_codes_failed_total`,
      help: 'One-time codes whose delivery failed (SMTP or SMS gateway error), by channel',
      labelNames: ['channel'],
      registers,
    }),
    gauge<L extends string = never>(spec: GaugeSpec<L>): Gauge<L> {
      const name = spec.name.startsWith(METRIC_PREFIX) ? spec.name : `${METRIC_PREFIX}${spec.name}`;
      return new Gauge<L>({
        name,
        help: spec.help,
        labelNames: spec.labelNames ?? [],
        registers,
        async collect() {
          this.reset();
          try {
            await spec.collect((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
          } catch (error) {
            // Left out of this scrape; a gauge without labels (always exposed) reads NaN, not a made-up 0.
            this.reset();
            if (!spec.labelNames?.length) (this as Gauge).set(Number.NaN);
            app.log.warn({ err: error, metric: name }, 'a metric could not be read');
          }
        },
      });
    },
  };
}

/** Bearer token check in constant time (both sides hashed to the same length first). */
function tokenChecker(token: string) {
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  return (header: string | undefined) =>
    header !== undefined && timingSafeEqual(expected, createHash('sha256').update(header).digest());
}

/** Times each wait for a connection of a pool (a checkout from the pool, or a new connection). */
function timeAcquisitions(pool: pg.Pool, observe: (seconds: number) => void) {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  // Kysely (through db/index.ts withNamedStatements) calls connect() without a callback: only that form is timed.
  (pool as unknown as { connect: typeof connect }).connect = (cb) => {
    if (cb !== undefined) return connect(cb);
    const started = performance.now();
    return connect()!.then((client) => {
      observe((performance.now() - started) / 1000);
      return client;
    });
  };
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const token = app.config.metricsToken;
  const metrics = createMetrics(app, !!token);
  app.decorate('metrics', metrics);
  if (!token) return;
  const { registry } = metrics;
  const registers = [registry];

  // Event-loop lag (souq_nodejs_eventloop_lag_*), CPU, memory, heap, GC, handles of this process.
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });

  // Requests by route pattern (never the raw URL: its values would be unbounded), method and status.
  const http = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from the request received to its answer sent, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_BUCKETS,
    registers,
  });
  app.addHook('onResponse', (req, reply, done) => {
    http.observe(
      { method: req.method, route: req.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Database pools (PostgreSQL): connections open, idle and requests waiting for one, and the waits.
  const pools = Object.entries(options.pools ?? {}) as Array<[string, pg.Pool]>;
  if (pools.length) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      metrics.gauge({
        name,
        help,
        labelNames: ['pool'],
        collect: (set) => {
          for (const [pool, p] of pools) set(read(p), { pool });
        },
      });
    poolGauge('db_pool_connections', 'PostgreSQL connections open in the pool (main, cart, read)', (p) => p.totalCount);
    poolGauge('db_pool_idle_connections', 'PostgreSQL connections open and free in the pool', (p) => p.idleCount);
    poolGauge('db_pool_waiting_requests', 'Queries waiting for a connection of the pool now', (p) => p.waitingCount);
    poolGauge('db_pool_max_connections', 'Size of the pool (PG_POOL_MAX, PG_READ_POOL_MAX)', (p) => p.options.max ?? 10);
    const acquire = new Histogram({
      name: `${METRIC_PREFIX}db_pool_acquire_seconds`,
      help: 'Time a query waited for a connection of the pool (a free one, or a new one opened)',
      labelNames: ['pool'],
      buckets: ACQUIRE_BUCKETS,
      registers,
    });
    for (const [pool, p] of pools) timeAcquisitions(p, (s) => acquire.observe({ pool }, s));
  }
  // SQLite: one connection in this process, no pool; its queries run on the event loop (their time shows
  // as event-loop lag). The file and its write-ahead log's sizes tell a log that is not checkpointed.
  const file = options.sqliteFile;
  if (file && file !== ':memory:')
    metrics.gauge({
      name: 'sqlite_file_bytes',
      help: 'Size of the SQLite database file and of its write-ahead log',
      labelNames: ['file'],
      collect: (set) => {
        set(fileSize(file), { file: 'db' });
        set(fileSize(`${file}-wal`), { file: 'wal' });
      },
    });

  // The embedded realtime server's sockets (0 with PUSHER_HOST: the sockets are the hosted server's).
  metrics.gauge({
    name: 'realtime_connections',
    help: 'WebSocket connections held by this process',
    collect: (set) => set(app.realtime.hub.stats().connections),
  });
  metrics.gauge({
    name: 'realtime_channels',
    help: 'Channels with at least one subscriber on this process',
    collect: (set) => set(app.realtime.hub.stats().channels),
  });
  metrics.gauge({
    name: 'realtime_subscriptions',
    help: 'Channel subscriptions of the sockets held by this process',
    collect: (set) => {
      let n = 0;
      for (const c of app.realtime.hub.connections()) n += c.channels.size;
      set(n);
    },
  });

  const authorised = tokenChecker(token);
  app.get('/metrics', async (req, reply) => {
    // Anyone without the token gets the answer of a path that does not exist.
    if (!authorised(req.headers.authorization)) return reply.callNotFound();
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

/** Registered before the routes (its hook must see them all); `app.metrics` is visible everywhere. */
export default fp(metricsPlugin, { name: 'souq-metrics', fastify: '5.x' });
