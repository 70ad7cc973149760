/**
 * HTTP measurements of `npm run bench`: autocannon against a path of the shop and against
 * the bare route (bare.mjs) serving the same bytes, alternately, for several rounds.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** Starts the bare route's process; `store()` hands it a captured response. */
export async function startBare() {
  const child = fork(fileURLToPath(new URL('./bare.mjs', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare route exited (${code})`)));
    child.on('message', (m) => {
      if (m.listening) resolve(m.listening);
      if (m.stored) waiting.get(m.stored)?.();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    store: (key, response) =>
      new Promise((resolve) => {
        waiting.set(key, resolve);
        child.send({ key, ...response });
      }),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.disconnect())),
  };
}

/** The headers the bare route repeats: what shapes the bytes on the wire. */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary'];

/**
 * Sends one round of `steps` with fetch (as connection 0 would) and keeps each response for
 * the bare route. A step that does not answer 2xx stops the bench: it would measure errors.
 */
async function capture(baseUrl, steps, context) {
  const captured = [];
  for (const step of steps) {
    const req = step.build(context);
    const r = await fetch(baseUrl + req.path, { method: req.method ?? 'GET', headers: req.headers, body: req.body });
    const body = Buffer.from(await r.arrayBuffer());
    if (!r.ok) throw new Error(`${req.method ?? 'GET'} ${req.path} answered ${r.status}: ${body.toString().slice(0, 200)}`);
    step.onResponse?.(r.status, body.toString(), context);
    const headers = Object.fromEntries(KEPT_HEADERS.filter((h) => r.headers.has(h)).map((h) => [h, r.headers.get(h)]));
    captured.push({ status: r.status, headers, body: body.toString('base64') });
  }
  return captured;
}

async function cannon({ url, connections, seconds, requests, perConnection }) {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests,
    // Each connection is one client (one shopper, say): its context survives the restart
    // of the request sequence. autocannon has no option for this; the iterator's initial
    // context is what each cycle starts from.
    setupClient: (client) => {
      client.requestIterator.initialContext = perConnection(next++);
      client.requestIterator.resetContext();
      // The first request was built before this context existed: build it again.
      client.requestIterator.setRequests(client.requestIterator.requests);
    },
  });
  const errors = result.errors + result.timeouts + result.non2xx + result.mismatches;
  return { requests: result.requests.total, seconds: result.duration, rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, errors, statuses: result.statusCodeStats };
}

/**
 * Measures a path (or a sequence of requests, e.g. add → change → remove) at `connections`
 * against the bare route with the same bytes, alternately for `rounds` rounds.
 *
 * `ctx.warmupSeconds` (0 if unset) of load at each first are not counted.
 * @param spec.steps - `{ build(context) → { method, path, headers, body }, onResponse?(status, body, context) }`
 * @param spec.perConnection - the initial context of connection i (e.g. its shopper)
 * @returns `{ figures: { rps, p50Ms, p99Ms (the worst round's), errors, bareRps, ratio (rps / bareRps over all rounds) }, note? }`
 */
export async function measureHttp(ctx, { name, steps, perConnection = () => ({}) }) {
  const captured = await capture(ctx.url, steps, perConnection(0));
  const keys = [];
  for (const [i, response] of captured.entries()) {
    const key = `${name.replace(/[^a-z0-9]+/gi, '-')}-${i}`;
    await ctx.bare.store(key, response);
    keys.push(key);
  }
  const shopRequests = steps.map((step) => ({
    setupRequest: (req, context) => {
      const built = step.build(context);
      req.method = built.method ?? 'GET';
      req.path = built.path;
      req.headers = { ...req.headers, ...built.headers };
      req.body = built.body;
      return req;
    },
    onResponse: step.onResponse && ((status, body, context) => step.onResponse(status, body, context)),
  }));
  const bareRequests = steps.map((step, i) => ({
    setupRequest: (req, context) => {
      const built = step.build(context);
      req.method = built.method ?? 'GET';
      req.path = `/bare/${keys[i]}`;
      req.headers = { ...req.headers, ...built.headers };
      req.body = built.body;
      return req;
    },
  }));
  // Not counted: a short run at each first, so both are measured warm (compiled by V8's
  // optimising tiers, pools and caches filled), not a process's first seconds of this path.
  if (ctx.warmupSeconds > 0) {
    await cannon({ url: ctx.bare.url, connections: ctx.connections, seconds: ctx.warmupSeconds, requests: bareRequests, perConnection });
    await cannon({ url: ctx.url, connections: ctx.connections, seconds: ctx.warmupSeconds, requests: shopRequests, perConnection });
  }
  const shop = [];
  const bare = [];
  for (let round = 0; round < ctx.rounds; round++) {
    bare.push(await cannon({ url: ctx.bare.url, connections: ctx.connections, seconds: ctx.seconds, requests: bareRequests, perConnection }));
    shop.push(await cannon({ url: ctx.url, connections: ctx.connections, seconds: ctx.seconds, requests: shopRequests, perConnection }));
  }
  const sum = (rows, k) => rows.reduce((s, r) => s + r[k], 0);
  const rps = sum(shop, 'requests') / sum(shop, 'seconds');
  const bareRps = sum(bare, 'requests') / sum(bare, 'seconds');
  const statuses = new Map();
  for (const r of shop) for (const [status, { count }] of Object.entries(r.statuses)) statuses.set(status, (statuses.get(status) ?? 0) + Number(count));
  const errors = sum(shop, 'errors');
  return {
    figures: { rps, p50Ms: Math.max(...shop.map((r) => r.p50)), p99Ms: Math.max(...shop.map((r) => r.p99)), errors, bareRps, ratio: rps / bareRps },
    note: errors ? `answers: ${[...statuses].map(([s, c]) => `${s}×${c}`).join(', ')}` : undefined,
  };
}

/**
 * Fetches every product picture of the shop at `baseUrl` once. Media draws the demo plants'
 * pictures in the background after start (ADR 024), or when first asked for: once this
 * returns, each exists.
 */
export async function fetchEveryPicture(baseUrl) {
  const res = await fetch(`${baseUrl}/api/products`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const { items = [] } = await res.json();
  for (const item of items) {
    for (const url of item.imageUrls ?? []) await (await fetch(new URL(url, baseUrl))).arrayBuffer();
  }
}
