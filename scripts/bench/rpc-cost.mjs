#!/usr/bin/env node
/**
 * What one request costs a service (docs/performance.md, "Finding where the time goes"):
 * sends `N` NATS requests of one subject straight to a running shop's service, `C` in
 * flight, in the packet of Nest's NATS transport (`{ pattern, data, id }`, what the kit's
 * RpcClient sends), and prints the CPU per request of the service's processes and of
 * PostgreSQL (`shopTicks`: utime + stime from /proc), with the rate and the replies that failed. No HTTP,
 * no BFF: the service's pipeline, handler and statements alone. Linux only.
 *
 *   node scripts/bench/rpc-cost.mjs <subject> '<data as JSON>' <app> [N=4000] [C=8]
 *   node scripts/bench/rpc-cost.mjs rpc.identity.addresses.list '{"actor":{"id":"usr_x","role":"user"}}' identity
 *
 * Start the shop on the bench's ports first (PORTS in stack.mjs); BENCH_NATS_URL names
 * another NATS. The first 500 requests warm up and are not counted.
 */
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { BENCH_NATS_URL, shopTicks } from './stack.mjs';

const [subject, data, app, n = '4000', c = '8'] = process.argv.slice(2);
if (!subject || !data || !app) {
  console.error("usage: node scripts/bench/rpc-cost.mjs <subject> '<data as JSON>' <app> [N] [C]");
  process.exit(2);
}
const count = Number(n);
const inFlight = Number(c);

if (!shopTicks().has(app)) {
  console.error(`no process of apps/${app} is running`);
  process.exit(1);
}

const nc = await connect({ servers: process.env.BENCH_NATS_URL ?? BENCH_NATS_URL });
const payload = JSON.parse(data);
async function send(total) {
  let sent = 0;
  let failed = 0;
  let first;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (sent++ < total) {
        const reply = (await nc.request(subject, JSON.stringify({ pattern: subject, data: payload, id: randomUUID() }), { timeout: 10_000 })).json();
        if (reply.err || reply.response?.ok === false) {
          failed++;
          first ??= reply.err ?? reply.response.error;
        }
      }
    }),
  );
  return { failed, first };
}

await send(500);
// shopTicks counts a process's ended children too: PostgreSQL's backends that come and go.
const [before, t0] = [shopTicks(), performance.now()];
const { failed, first } = await send(count);
const [after, seconds] = [shopTicks(), (performance.now() - t0) / 1000];
const [app1, app0, pg1, pg0] = [after.get(app), before.get(app), after.get('postgres') ?? 0, before.get('postgres') ?? 0];
const us = (ticks) => ((ticks * 10_000) / count).toFixed(0);
console.log(`${subject} on ${app}: ${us(app1 - app0)} µs of its CPU and ${us(pg1 - pg0)} µs of PostgreSQL's a request; ${(count / seconds).toFixed(0)} requests a second; ${failed} failed${first ? ` (first: ${JSON.stringify(first).slice(0, 200)})` : ''}`);
await nc.close();
