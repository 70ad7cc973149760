import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { eventually } from '@jalaj/testing';
import { WebhookSender, type WebhookBody } from './webhooks.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: unknown;
}

const servers: Server[] = [];

/** A webhook receiver on the loopback answering the statuses in `answers`, then 200. */
async function receiver(answers: number[] = []) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(body) });
      res.writeHead(answers.shift() ?? 200).end('{}');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, received, server };
}

const stop = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

const senders: WebhookSender[] = [];
const sender = (url: string) => {
  const s = new WebhookSender({ url, authorization: 'a1b2', retries: 2, backoffMs: 10, log: pino({ level: 'silent' }) });
  senders.push(s);
  return s;
};

const body: WebhookBody = { event: 'checkout.order.completed', type: 'CHECKOUT_ORDER_COMPLETED', payload: { merchantOrderId: 'MO1', state: 'COMPLETED' } };
const outcomes = (s: WebhookSender) => s.records.map((r) => [r.attempt, r.outcome, r.status]);

afterEach(async () => {
  for (const s of senders.splice(0)) s.close();
  await Promise.all(servers.splice(0).map(stop));
});

describe('WebhookSender', () => {
  it('posts the body as JSON with the authorization, and records the answer', async () => {
    const r = await receiver();
    const s = sender(r.url);
    s.dispatch(body);
    await eventually(() => s.records, (records) => records.length === 1);
    expect(r.received).toEqual([{ headers: expect.objectContaining({ authorization: 'a1b2', 'content-type': 'application/json' }), body }]);
    expect(s.records[0]).toMatchObject({ event: 'checkout.order.completed', merchantOrderId: 'MO1', copy: 1, attempt: 1, outcome: 'sent', status: 200, error: null });
  });

  it('tries again after a refusal until the receiver takes it', async () => {
    const r = await receiver([500, 503]);
    const s = sender(r.url);
    s.dispatch(body);
    await eventually(() => outcomes(s), (o) => o.length === 3);
    expect(outcomes(s)).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 503],
      [3, 'sent', 200],
    ]);
  });

  it('records a receiver nobody listens at as failed, naming the cause, and gives up after the retries', async () => {
    const r = await receiver();
    await stop(servers.pop()!);
    const s = sender(r.url);
    s.dispatch(body);
    await eventually(() => outcomes(s), (o) => o.length === 3);
    expect(s.records.every((x) => x.outcome === 'failed' && x.status === null && /ECONNREFUSED/.test(x.error ?? ''))).toBe(true);
    await eventually(() => s.pending, (n) => n === 0);
  });
});
