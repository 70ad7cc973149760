import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The process's Prometheus registry, served at `/metrics`. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const rpcDuration = new Histogram({
  name: 'jalaj_rpc_handler_seconds',
  help: 'Time spent handling one NATS request, by subject and outcome',
  labelNames: ['subject', 'outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'jalaj_http_request_seconds',
  help: 'Time spent answering one HTTP request, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

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
