/**
 * The bare route of `npm run bench`: a Fastify server with no plugins, run as its own
 * process on the loopback, answering `/bare/<key>` (any method) with bytes the bench
 * captured from the shop's real response (body, status, content type and encoding).
 * It is the ceiling every path's throughput is compared with in the same run.
 * The parent sends `{ key, status, headers, body (base64) }` over IPC; the server answers
 * `{ listening: port }` once, then `{ stored: key }` per response.
 */
import Fastify from 'fastify';

const responses = new Map();
const app = Fastify({ logger: false });
app.all('/bare/:key', (request, reply) => {
  const r = responses.get(request.params.key);
  if (!r) return reply.code(404).send();
  reply.code(r.status).headers(r.headers).send(r.body);
});
process.on('message', (m) => {
  responses.set(m.key, { status: m.status, headers: m.headers, body: Buffer.from(m.body, 'base64') });
  process.send({ stored: m.key });
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ listening: app.server.address().port });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
