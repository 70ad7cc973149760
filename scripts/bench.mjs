#!/usr/bin/env node
/**
 * `npm run bench`: measures the shop's hot read paths on this machine and checks them
 * against the goals in docs/performance.md. Starts its own stack (fresh data, own ports)
 * unless BENCH_URL points at a running shop. Traffic goes only to that address, for a
 * bounded time per path.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

/** Goals: p99 latency (ms) and throughput (requests/s) at the concurrency above. */
const GOALS = {
  'GET / (landing page)': { p99: 50, rps: 1000 },
  'GET /api/products': { p99: 100, rps: 500 },
  'GET /api/products/:id': { p99: 100, rps: 500 },
  'GET /media/…/card.webp': { p99: 100, rps: 300 },
  // Health really checks every service's database and NATS: it is for probes, not traffic.
  // It is on the BFF's ops port (BENCH_OPS_URL with BENCH_URL), not the shop's.
  'GET /health (ops port)': { p99: 1500, rps: 20 },
};

async function startStack() {
  const port = 8580;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      JALAJ_DATA_DIR: '.data/bench',
      JALAJ_FRESH: 'true',
      JALAJ_PORT_OFFSET: '600',
      JALAJ_POSTGRES_PORT: '5944',
      JALAJ_NATS_PORT: '4644',
      JALAJ_REDIS_PORT: '6799',
      JALAJ_S3_PORT: '4969',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('every service is ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the shop did not start (exit ${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, opsUrl: `http://127.0.0.1:${9080 + 600}`, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

async function load(url) {
  const latencies = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        try {
          const r = await fetch(url);
          await r.arrayBuffer();
          if (!r.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return { requests: latencies.length, rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors };
}

const stack = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL.replace(/\/$/, ''), opsUrl: process.env.BENCH_OPS_URL?.replace(/\/$/, ''), stop: async () => {} }
  : await startStack();
let failed = 0;
try {
  const { items } = await (await fetch(`${stack.url}/api/products`)).json();
  const product = items[0];
  const image = product.imageUrls[0]?.replace(/large\.webp$/, 'card.webp');
  const targets = {
    'GET / (landing page)': '/',
    'GET /api/products': '/api/products',
    'GET /api/products/:id': `/api/products/${product.id}`,
    'GET /media/…/card.webp': image,
    'GET /health (ops port)': stack.opsUrl && `${stack.opsUrl}/health`,
  };
  console.log(`${seconds} s per path, ${concurrency} concurrent requests, against ${stack.url}\n`);
  console.log('path'.padEnd(26), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), '  goal');
  for (const [name, p] of Object.entries(targets)) {
    if (!p) continue;
    const r = await load(p.startsWith('http') ? p : stack.url + p);
    const goal = GOALS[name];
    const ok = r.errors === 0 && r.p99 <= goal.p99 && r.rps >= goal.rps;
    if (!ok) failed++;
    console.log(name.padEnd(26), r.rps.toFixed(0).padStart(8), r.p50.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8), String(r.errors).padStart(7), `  ${ok ? 'met' : 'MISSED'} (p99 ≤ ${goal.p99} ms, ≥ ${goal.rps} req/s)`);
  }
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
