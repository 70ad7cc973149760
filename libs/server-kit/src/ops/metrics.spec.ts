import { Histogram, Registry } from 'prom-client';
import { Durations, reportPool } from './metrics.js';

const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

describe('Durations', () => {
  it('is exported exactly as prom-client exports a Histogram given the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const fast = new Durations('jalaj_http_request_seconds', 'Time spent answering one HTTP request, by method, route and status', ['method', 'route', 'status'], BOUNDS, [ours]);
    const reference = new Histogram({
      name: 'jalaj_http_request_seconds',
      help: 'Time spent answering one HTTP request, by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: BOUNDS,
      registers: [theirs],
    });
    const observations: [string, string, number, number][] = [
      ['GET', '/api/products', 200, 0.0004],
      ['GET', '/api/products', 200, 0.001], // on a bound: in that bucket
      ['GET', '/api/products', 200, 0.0031],
      ['GET', '/api/products', 304, 0.0002],
      ['POST', '/api/cart/items', 201, 0.04],
      ['GET', 'unmatched', 404, 3.7], // above every bound: only in +Inf
      ['GET', '/api/products/:id', 200, 0.3],
    ];
    for (const [method, route, status, seconds] of observations) {
      fast.observe([method, route, String(status)], seconds);
      reference.observe({ method, route, status: String(status) }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('jalaj_http_request_seconds_count{method="GET",route="/api/products",status="200"} 3');
  });

  it('forgets every series on reset', async () => {
    const registry = new Registry();
    const fast = new Durations('x_seconds', 'x', ['method'], [1], [registry]);
    fast.observe(['GET'], 0.5);
    registry.resetMetrics();
    expect(await registry.metrics()).toBe('# HELP x_seconds x\n# TYPE x_seconds histogram\n');
  });
});

describe('reportPool', () => {
  it('reads the pool at every scrape: connections busy and idle, its most, and who waits', async () => {
    const registry = new Registry();
    const pool = { totalCount: 10, idleCount: 3, waitingCount: 0 };
    reportPool(pool, 10, registry);
    let text = await registry.metrics();
    expect(text).toContain('jalaj_db_pool_connections{state="busy"} 7');
    expect(text).toContain('jalaj_db_pool_connections{state="idle"} 3');
    expect(text).toContain('jalaj_db_pool_max 10');
    expect(text).toContain('jalaj_db_pool_waiting 0');
    Object.assign(pool, { idleCount: 0, waitingCount: 44 });
    text = await registry.metrics();
    expect(text).toContain('jalaj_db_pool_connections{state="busy"} 10');
    expect(text).toContain('jalaj_db_pool_waiting 44');
  });

  it('reports the newer pool when a second one is created in the process, without registering twice', async () => {
    const registry = new Registry();
    reportPool({ totalCount: 2, idleCount: 2, waitingCount: 0 }, 10, registry);
    reportPool({ totalCount: 5, idleCount: 1, waitingCount: 3 }, 20, registry);
    const text = await registry.metrics();
    expect(text).toContain('jalaj_db_pool_connections{state="busy"} 4');
    expect(text).toContain('jalaj_db_pool_max 20');
    expect(text).toContain('jalaj_db_pool_waiting 3');
  });
});
