import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
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

type LabelValue = string | number;
interface Cell {
  /** Observations per bucket (not cumulative), then the ones above the last bound. */
  counts: Float64Array;
  count: number;
  sum: number;
  labels: Record<string, LabelValue>;
}

/**
 * A histogram of up to three labels for the hot paths (every request, every connection checkout):
 * prom-client's own `observe` validates and hashes its label object on each call (about 4 µs on this
 * machine: 5 % of a cached catalogue answer), this one walks nested maps keyed by the label values
 * themselves. Exposed through the registry like any metric (`registerMetric`, prom-client's format).
 */
export class FastHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly root = new Map<LabelValue, unknown>();
  private readonly cells: Cell[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    if (labelNames.length < 1 || labelNames.length > 3) throw new Error('one to three labels');
    registry.registerMetric(this as never);
  }

  /** Records `value` for the label values, in the order of `labelNames`. */
  observe(value: number, a: LabelValue, b: LabelValue = '', c: LabelValue = ''): void {
    const depth = this.labelNames.length;
    let map = this.root;
    let node: unknown = map.get(a);
    if (depth > 1) {
      if (node === undefined) map.set(a, (node = new Map()));
      map = node as Map<LabelValue, unknown>;
      node = map.get(b);
      if (depth > 2) {
        if (node === undefined) map.set(b, (node = new Map()));
        map = node as Map<LabelValue, unknown>;
        node = map.get(c);
      }
    }
    let cell = node as Cell | undefined;
    if (cell === undefined) {
      const values = [a, b, c];
      const labels: Record<string, LabelValue> = {};
      this.labelNames.forEach((n, i) => (labels[n] = values[i]!));
      cell = { counts: new Float64Array(this.bounds.length + 1), count: 0, sum: 0, labels };
      map.set(depth === 1 ? a : depth === 2 ? b : c, cell);
      this.cells.push(cell);
    }
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    cell.counts[i]!++;
    cell.count++;
    cell.sum += value;
  }

  /** prom-client's metric interface: the series to print. */
  get() {
    const values: Array<{ metricName: string; labels: Record<string, LabelValue>; value: number }> = [];
    for (const cell of this.cells) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += cell.counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...cell.labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...cell.labels }, value: cell.count });
      values.push({ metricName: `${this.name}_sum`, labels: cell.labels, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels: cell.labels, value: cell.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
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

  // Event-loop lag (souq_nodejs_eventloop_lag_*), CPU, memory, heap, GC, handles of this process.
  // The lag is sampled every 20 ms (prom-client's default 10 ms woke an idle server 100 times a second).
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX, eventLoopMonitoringPrecision: 20 });

  /** Requests answered with the metrics (labelled route="/metrics"). */
  const scrapes = new WeakSet<FastifyRequest>();
  // Requests by route pattern (never the raw URL: its values would be unbounded), method and status.
  const http = new FastHistogram(
    `${METRIC_PREFIX}http_request_duration_seconds`,
    'Time from the request received to its answer sent, by route pattern, method and status code',
    ['method', 'route', 'status_code'],
    HTTP_BUCKETS,
    registry,
  );
  app.addHook('onResponse', (req, reply, done) => {
    const route = scrapes.has(req) ? '/metrics' : (req.routeOptions.url ?? UNMATCHED_ROUTE);
    http.observe(reply.elapsedTime / 1000, req.method, route, reply.statusCode);
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
    const acquire = new FastHistogram(
      `${METRIC_PREFIX}db_pool_acquire_seconds`,
      'Time a query waited for a connection of the pool (a free one, or a new one opened)',
      ['pool'],
      ACQUIRE_BUCKETS,
      registry,
    );
    for (const [pool, p] of pools) timeAcquisitions(p, (seconds) => acquire.observe(seconds, pool));
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

  // GET /metrics is answered here, before any route: to anyone without the token the request goes on as
  // if this did not exist (the web app's 404 page, or the API's 404), so probing cannot tell it is there.
  const authorised = tokenChecker(token);
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    if (
      (url !== '/metrics' && !url.startsWith('/metrics?')) ||
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !authorised(req.headers.authorization)
    )
      return done();
    scrapes.add(req);
    registry.metrics().then(
      (text) => void reply.header('cache-control', 'no-store').type(registry.contentType).send(text),
      (error: unknown) => done(error as Error),
    );
  });
}

/** Registered before the routes (its hook must see them all); `app.metrics` is visible everywhere. */
export default fp(metricsPlugin, { name: 'souq-metrics', fastify: '5.x' });
