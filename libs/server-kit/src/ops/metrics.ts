import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

/**
 * How often the event loop's delay is sampled for `nodejs_eventloop_lag_*`, in ms. prom-client's
 * default, 10, wakes every process 100 times a second; on a small VM a quiet service spent
 * about 1% of a core on it, and seven of them took ~10% of the CPU a cart write needs (ADR 050).
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** The process's Prometheus registry, served at `/metrics`. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });

/** One series of {@link Durations}: its labels' values. */
interface DurationSeries {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative), one more than the bounds: the last is above them all. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram of durations, written as prom-client writes its `Histogram` (the
 * unit spec compares the two), but recorded with a lookup by one string instead of
 * prom-client's per-call label checks and hashing: every HTTP request and every NATS
 * request of the shop records one (ADR 049).
 */
export class Durations<const L extends readonly string[]> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, DurationSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: L,
    private readonly bounds: readonly number[],
    registers: readonly Registry[] = [],
  ) {
    for (const registry of registers) registry.registerMetric(this as never);
  }

  /** Records `seconds` in the series of these label values (in the order of the label names). */
  observe(values: { readonly [K in keyof L]: string }, seconds: number): void {
    const key = values.join('\u0000');
    let series = this.series.get(key);
    if (!series) {
      series = { labels: Object.fromEntries(this.labelNames.map((n, i) => [n, values[i]!])), counts: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]!) i++;
    series.counts[i]!++;
    series.sum += seconds;
    series.count++;
  }

  /** The series as prom-client's registry reads a metric: buckets (cumulative), sum and count. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}

const DURATION_BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export const rpcDuration = new Durations('jalaj_rpc_handler_seconds', 'Time spent handling one NATS request, by subject and outcome', ['subject', 'outcome'], DURATION_BOUNDS, [
  metricsRegistry,
]);

export const httpDuration = new Durations('jalaj_http_request_seconds', 'Time spent answering one HTTP request, by method, route and status', ['method', 'route', 'status'], DURATION_BOUNDS, [
  metricsRegistry,
]);

export const eventsHandled = new Counter({
  name: 'jalaj_events_handled_total',
  help: 'Events handled by durable consumers, by consumer and outcome',
  labelNames: ['consumer', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const eventsDeadLettered = new Counter({
  name: 'jalaj_events_dead_lettered_total',
  help: 'Events a durable consumer gave up on and parked on their dead-letter subject, by consumer, subject and reason (invalid, failed)',
  labelNames: ['consumer', 'subject', 'reason'] as const,
  registers: [metricsRegistry],
});

/** What pg-pool tells of its connections (its documented counts). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** The pool each registry reports, and its most (a process reports its latest pool). */
const reportedPools = new WeakMap<Registry, { pool: PoolCounts; max: number }>();

/**
 * Reports a database pool on `/metrics`, read at every scrape: its connections busy (held
 * by a statement or a transaction) and idle, its most, and the requests waiting for one.
 * Waiting above 0 for long says the pool caps the service (`DATABASE_POOL_MAX`). A
 * service has one pool, MikroORM's, reported from its creation; an ORM started again in
 * the same process (a spec's second app) reports its new pool instead. An app without a
 * database reports none of these.
 */
export function reportPool(pool: PoolCounts, max: number, registry: Registry = metricsRegistry): void {
  const reported = reportedPools.get(registry);
  if (reported) {
    Object.assign(reported, { pool, max });
    return;
  }
  const current = { pool, max };
  reportedPools.set(registry, current);
  new Gauge({
    name: 'jalaj_db_pool_connections',
    help: 'Connections of the database pool, by state (busy: held by a statement or a transaction; idle: open and free)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'busy' }, current.pool.totalCount - current.pool.idleCount);
      this.set({ state: 'idle' }, current.pool.idleCount);
    },
  });
  new Gauge({
    name: 'jalaj_db_pool_max',
    help: 'The most connections the database pool opens (DATABASE_POOL_MAX)',
    registers: [registry],
    collect() {
      this.set(current.max);
    },
  });
  new Gauge({
    name: 'jalaj_db_pool_waiting',
    help: 'Requests waiting for a connection of the database pool',
    registers: [registry],
    collect() {
      this.set(current.pool.waitingCount);
    },
  });
}
