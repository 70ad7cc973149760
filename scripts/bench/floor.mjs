/**
 * The floor of a cart write in `npm run bench`: the least any cart write that crosses a
 * service can cost on this machine, measured against the bare route in the same run.
 *
 * Two processes, no framework: a route (bare Fastify, as bare.mjs) that takes the cart write
 * routes' requests, reads the shopper from the token without verifying it and sends one NATS
 * request; a subscriber that runs the cart service's own statements on the cart's database in
 * the cart service's shapes: an add as the facts read, one statement that adds and claims its
 * command (ADR 088) and the lines read; a change of quantity or a removal in a transaction
 * (ADR 064): begin, the command log's claim, the facts read, the guarded write, the lines
 * read, the reply kept, commit — the texts imported from the cart and the kit themselves
 * (apps/cart/src/items/cart-sql.ts, whose types Node strips, and the kit's
 * `@jalaj/server-kit/command-log-sql`, which both use) — and answers
 * the lines. No auth, no validation, no rules, no prices, no logging, no hints. Whatever the
 * shop's cart write adds on top is the price of what it does; the floor's ratio is the most
 * a cart write could reach here (ADR 062).
 *
 *   node floor.mjs route <natsUrl>            → `{ listening: port }` over IPC
 *   node floor.mjs service <natsUrl> <dbUrl>  → `{ subscribed: true }` over IPC
 */
import { createHash, randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADD_CLAIMED, CART_SQL } from '../../apps/cart/src/items/cart-sql.ts';
import { COMMAND_LOG_KEY, COMMAND_LOG_SQL, repeatOf } from '@jalaj/server-kit/command-log-sql';

const SUBJECT = 'bench.floor.cart';

/**
 * Starts the floor's two processes against a running shop's NATS and cart database.
 * @returns `{ url, pids, stop() }`
 */
export async function startFloor({ natsUrl, databaseUrl }) {
  const file = fileURLToPath(import.meta.url);
  const start = (args, ready) =>
    new Promise((resolve, reject) => {
      // The apps' young generation (scripts/start.mjs).
      const child = fork(file, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--max-semi-space-size=8'] });
      child.once('exit', (code) => reject(new Error(`the floor's ${args[0]} exited (${code})`)));
      child.on('message', (m) => m[ready] !== undefined && resolve({ child, value: m[ready] }));
    });
  const service = await start(['service', natsUrl, databaseUrl], 'subscribed');
  const route = await start(['route', natsUrl], 'listening');
  const stop = (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.disconnect())));
  return {
    url: `http://127.0.0.1:${route.value}`,
    pids: [route.child.pid, service.child.pid],
    stop: async () => {
      await stop(route.child);
      await stop(service.child);
    },
  };
}

/** Connects as the shop's apps do: without the client's stacks captured per request (libs/server-kit's nats module). */
const connectNats = async (natsUrl) => (await import('@nats-io/transport-node')).connect({ servers: natsUrl, noAsyncTraces: true });

async function route(natsUrl) {
  const { default: Fastify } = await import('fastify');
  const nc = await connectNats(natsUrl);
  // The NATS client's own request(), as the shop's RpcClient sends (ADR 066).
  const request = (data) => nc.request(SUBJECT, data, { timeout: 10_000 });
  const app = Fastify({ logger: false });
  const send = async (request_, reply, change) => {
    const token = request_.headers.authorization?.slice('Bearer '.length) ?? '';
    const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}').sub;
    const answer = await request(JSON.stringify({ ...change, userId, key: request_.headers['idempotency-key'] ?? null }));
    reply.code(answer.headers ? 409 : 200).header('content-type', 'application/json; charset=utf-8').send(Buffer.from(answer.data));
  };
  app.post('/api/cart/items', (request, reply) => send(request, reply, { op: 'add', productId: request.body.productId, quantity: request.body.quantity }));
  app.patch('/api/cart/items/:id', (request, reply) => send(request, reply, { op: 'setQuantity', lineId: request.params.id, quantity: request.body.quantity }));
  app.delete('/api/cart/items/:id', (request, reply) => send(request, reply, { op: 'remove', lineId: request.params.id }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ listening: app.server.address().port });
  process.on('disconnect', () => Promise.all([app.close(), nc.close()]).then(() => process.exit(0)));
}

/** The cart service's statements and the command log's, under names of their own. */
const SQL = Object.fromEntries(
  Object.entries({
    ...CART_SQL,
    ...COMMAND_LOG_SQL,
    addClaimed: ADD_CLAIMED,
  }).map(([name, text]) => [name, { name: `floor_${name}`, text }]),
);

/** The subjects the cart service keeps each change's command under. */
const SUBJECTS = { add: 'rpc.cart.items.add', setQuantity: 'rpc.cart.items.update', remove: 'rpc.cart.items.remove' };

/** A change's statements in the unit of work's transaction (items.service.ts's order, without its rules): the reply, or `{ refused }`. */
const work = {
  async setQuantity(q, c) {
    await q('line', [c.userId, c.lineId]);
    await (c.quantity > 0 ? q('setQuantity', [c.userId, c.lineId, c.quantity]) : q('removeLine', [c.userId, c.lineId]));
  },
  async remove(q, c) {
    await q('removeLine', [c.userId, c.lineId]);
  },
};

async function service(natsUrl, databaseUrl) {
  const [{ default: pg }, { headers }] = await Promise.all([import('pg'), import('@nats-io/transport-node')]);
  // The cart service's pool size (libs/server-kit's database module).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const nc = await connectNats(natsUrl);
  const refused = headers();
  refused.set('floor-refused', 'true');
  const lines = async (q, c) => ({ cart: { lines: (await q('lines', [c.userId])).map((l) => ({ id: l.id, productId: l.product_id, quantity: l.quantity })) } });
  /** An add as CommandLog.runClaimedByStatement runs it: the facts, one statement that adds and claims, the lines; a repeat fails on the log's key and answers the kept outcome. */
  const add = async (q, c, command, hash) => {
    const [facts] = await q('productInCart', [c.userId, c.productId]);
    if (facts.deleted === null) return { refused: 'unknown product' };
    const values = [`cit_${randomBytes(10).toString('hex')}`, c.userId, c.productId, c.quantity, facts.deleted ? 0 : facts.stock_quantity];
    try {
      await (command ? q('addClaimed', [...values, ...command, hash, facts.quantity ?? 0]) : q('add', values));
    } catch (e) {
      if (e.code !== '23505' || e.constraint !== COMMAND_LOG_KEY) throw e;
      const repeat = repeatOf((await q('firstHandling', command))[0], hash);
      return repeat.repeat === 'done' ? repeat.outcome : { refused: repeat.repeat };
    }
    return lines(q, c);
  };
  /** One change as CommandLog.run runs a command: claim, work, keep the reply, commit; a repeat answers the kept reply. */
  const change = async (client, c, hash) => {
    const q = async (name, values) => (await client.query({ ...SQL[name], values })).rows;
    const command = c.key === null ? null : [SUBJECTS[c.op], `${c.userId}/${c.key}`];
    if (c.op === 'add') return add(q, c, command, hash);
    await client.query('begin');
    try {
      if (command && !(await q('claim', [...command, hash])).length) {
        const [first] = await q('firstHandling', command);
        await client.query('commit');
        const repeat = repeatOf(first, hash);
        return repeat.repeat === 'done' ? repeat.outcome : { refused: repeat.repeat };
      }
      const refusal = await work[c.op](q, c);
      const reply = refusal ?? (await lines(q, c));
      if (command) await q('keepReply', [...command, JSON.stringify(reply)]);
      await client.query('commit');
      return reply;
    } catch (e) {
      await client.query('rollback');
      throw e;
    }
  };
  nc.subscribe(SUBJECT, {
    queue: 'floor',
    callback: async (error, msg) => {
      if (error) return;
      const c = JSON.parse(msg.string());
      const client = await pool.connect().catch((e) => (msg.respond(JSON.stringify({ error: String(e) }), { headers: refused }), null));
      if (!client) return;
      try {
        const reply = await change(client, c, createHash('sha256').update(msg.data).digest('hex'));
        msg.respond(JSON.stringify(reply), reply.refused ? { headers: refused } : undefined);
        client.release();
      } catch (e) {
        msg.respond(JSON.stringify({ error: String(e) }), { headers: refused });
        // A connection whose transaction failed is not given back.
        client.release(e);
      }
    },
  });
  await nc.flush();
  process.send({ subscribed: true });
  process.on('disconnect', () => Promise.all([nc.drain(), pool.end()]).then(() => process.exit(0)));
}

const [role, ...args] = process.argv.slice(2);
if (role === 'route') await route(...args);
else if (role === 'service') await service(...args);
