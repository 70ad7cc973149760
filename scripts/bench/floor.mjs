/**
 * The floor of a cart write in `npm run bench`: the least any cart write that crosses a
 * service can cost on this machine, measured against the bare route in the same run.
 *
 * Two processes, no framework: a route (bare Fastify, as bare.mjs) that takes the cart write
 * routes' requests, reads the shopper from the token without verifying it and sends one NATS
 * request; a subscriber that runs the cart service's own change function (`cart_add`,
 * `cart_set_quantity`, `cart_remove`: the same statement, the same command log, one commit)
 * on the cart's database and answers the lines. No auth, no validation, no rules, no prices,
 * no logging, no hints. Whatever the shop's cart write adds on top is the price of what it
 * does; the floor's ratio is the most a cart write could reach here (ADR 062).
 *
 *   node floor.mjs route <natsUrl>            → `{ listening: port }` over IPC
 *   node floor.mjs service <natsUrl> <dbUrl>  → `{ subscribed: true }` over IPC
 */
import { createHash, randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
  const [{ default: Fastify }, { createInbox }] = await Promise.all([import('fastify'), import('@nats-io/transport-node')]);
  const nc = await connectNats(natsUrl);
  // One reply subscription for every request, replies matched by the subject's last token (as libs/server-kit's ReplyInbox, without timeouts).
  const prefix = `${createInbox()}.`;
  const waiting = new Map();
  let next = 0;
  nc.subscribe(`${prefix}*`, { callback: (_, msg) => waiting.get(msg.subject.slice(prefix.length))?.(msg) });
  const request = (data) =>
    new Promise((resolve) => {
      const token = (next++).toString(36);
      waiting.set(token, (msg) => (waiting.delete(token), resolve(msg)));
      nc.publish(SUBJECT, data, { reply: prefix + token });
    });
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

/** The cart service's statements (apps/cart/src/items/items.repository.ts, CART_CHANGES), under names of their own. */
const STATEMENTS = {
  add: { name: 'floor_add', text: 'select cart_add($1, $2, $3, $4, $5, $6, $7) as answer', subject: 'rpc.cart.items.add' },
  setQuantity: { name: 'floor_set_quantity', text: 'select cart_set_quantity($1, $2, $3, $4, $5, $6) as answer', subject: 'rpc.cart.items.update' },
  remove: { name: 'floor_remove', text: 'select cart_remove($1, $2, $3, $4, $5) as answer', subject: 'rpc.cart.items.remove' },
};

async function service(natsUrl, databaseUrl) {
  const [{ default: pg }, { headers }] = await Promise.all([import('pg'), import('@nats-io/transport-node')]);
  // The cart service's pool size (libs/server-kit's database module).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const nc = await connectNats(natsUrl);
  const refused = headers();
  refused.set('floor-refused', 'true');
  nc.subscribe(SUBJECT, {
    queue: 'floor',
    callback: async (error, msg) => {
      if (error) return;
      const c = JSON.parse(msg.string());
      const statement = STATEMENTS[c.op];
      const command = c.key === null ? [null, null, null] : [statement.subject, `${c.userId}:${c.key}`, createHash('sha256').update(msg.data).digest('hex')];
      const args =
        c.op === 'add'
          ? [c.userId, c.productId, c.quantity, `cit_${randomBytes(10).toString('hex')}`, ...command]
          : c.op === 'setQuantity'
            ? [c.userId, c.lineId, c.quantity, ...command]
            : [c.userId, c.lineId, ...command];
      try {
        const { rows } = await pool.query({ name: statement.name, text: statement.text, values: args });
        const answer = rows[0].answer;
        if (answer.unknown) return msg.respond(JSON.stringify({ unknown: answer.unknown }), { headers: refused });
        msg.respond(JSON.stringify({ cart: { lines: answer.lines.map((l) => ({ id: l.id, productId: l.product_id, quantity: l.quantity })) } }));
      } catch (e) {
        msg.respond(JSON.stringify({ error: String(e) }), { headers: refused });
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
