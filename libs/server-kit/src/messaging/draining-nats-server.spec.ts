import { jest } from '@jest/globals';
import { DrainingNatsServer } from './draining-nats-server.js';

/** A connection whose round trip (`flush`) the test completes by hand, recording what the server does with it. */
function fakeConnection() {
  let answer!: () => void;
  let refuse!: (e: Error) => void;
  const events: string[] = [];
  const callbacks = new Map<string, (err: unknown, msg: unknown) => void>();
  const connection = {
    subscribe: (subject: string, options: { queue?: string; callback: (err: unknown, msg: unknown) => void }) => {
      events.push(`subscribe ${subject} in ${options.queue}`);
      callbacks.set(subject, options.callback);
      return { unsubscribe: () => events.push(`unsubscribe ${subject}`) };
    },
    flush: () =>
      new Promise<void>((resolve, reject) => {
        events.push('flush');
        answer = resolve;
        refuse = reject;
      }),
    close: async () => void events.push('close'),
    status: async function* () {},
  };
  return { connection, events, callbacks, answer: () => answer(), refuse: (e: Error) => refuse(e) };
}

/** A server on `connection` (Nest's `createNatsClient` is the public seam for it) with one handler. */
function serverOn(connection: object, handler: (data: unknown) => Promise<unknown> = async () => ({ ok: true }), gracePeriod = 1000) {
  class OnFake extends DrainingNatsServer {
    override createNatsClient() {
      return Promise.resolve(connection);
    }
  }
  const server = new OnFake({ servers: ['nats://127.0.0.1:4222'], queue: 'catalog', gracePeriod });
  server.addHandler('rpc.catalog.products.get', handler);
  return server;
}

/** A request as the NATS client hands it to the server's subscription callback; `sent` collects the replies. */
function request(subject: string, data: unknown) {
  const sent: unknown[] = [];
  const body = JSON.stringify({ pattern: subject, data, id: 'p1' });
  const msg = {
    subject,
    reply: '_INBOX.1',
    data: new TextEncoder().encode(body),
    headers: undefined,
    json: () => JSON.parse(body) as unknown,
    respond: (reply: Uint8Array | string) => (sent.push(JSON.parse(typeof reply === 'string' ? reply : new TextDecoder().decode(reply))), true),
  };
  return { msg, sent };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('DrainingNatsServer start', () => {
  it('subscribes in the queue group and reports itself started only after a round trip made after the subscriptions', async () => {
    const nats = fakeConnection();
    const started = jest.fn();
    await serverOn(nats.connection).listen(started);

    expect(nats.events).toEqual(['subscribe rpc.catalog.products.get in catalog', 'flush']);
    await Promise.resolve();
    expect(started).not.toHaveBeenCalled();

    nats.answer();
    await tick();
    expect(started).toHaveBeenCalledWith();
  });

  it('reports the failed round trip to Nest, which then fails the start', async () => {
    const nats = fakeConnection();
    const started = jest.fn();
    await serverOn(nats.connection).listen(started);

    nats.refuse(new Error('connection closed'));
    await tick();
    expect(started).toHaveBeenCalledWith(expect.objectContaining({ message: 'connection closed' }));
  });
});

describe('DrainingNatsServer close', () => {
  it('stops taking requests, answers the one under way, and only then closes the connection', async () => {
    const nats = fakeConnection();
    let finish!: (v: unknown) => void;
    const server = serverOn(nats.connection, () => new Promise((r) => (finish = r)));
    await server.listen(() => undefined);
    nats.answer();
    const { msg, sent } = request('rpc.catalog.products.get', { id: 'prd_1' });
    nats.callbacks.get('rpc.catalog.products.get')!(null, msg);
    await tick();
    expect(server.handling).toBe(1);

    const closed = server.close();
    await tick();
    expect(nats.events).toContain('unsubscribe rpc.catalog.products.get');
    expect(nats.events).not.toContain('close');

    finish({ ok: true, data: { id: 'prd_1' } });
    await closed;
    expect(sent).toEqual([expect.objectContaining({ response: { ok: true, data: { id: 'prd_1' } }, id: 'p1' })]);
    expect(server.handling).toBe(0);
    expect(nats.events.at(-1)).toBe('close');
  });

  it('closes at once when idle, and after the grace period when a request never ends', async () => {
    const idle = fakeConnection();
    const quiet = serverOn(idle.connection);
    await quiet.listen(() => undefined);
    idle.answer();
    const started = Date.now();
    await quiet.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect(idle.events.at(-1)).toBe('close');

    const stuck = fakeConnection();
    const server = serverOn(stuck.connection, () => new Promise(() => undefined), 200);
    await server.listen(() => undefined);
    stuck.answer();
    stuck.callbacks.get('rpc.catalog.products.get')!(null, request('rpc.catalog.products.get', {}).msg);
    await tick();
    const waited = Date.now();
    await server.close();
    expect(Date.now() - waited).toBeGreaterThanOrEqual(150);
    expect(stuck.events.at(-1)).toBe('close');
  });
});

describe('DrainingNatsServer routes', () => {
  it('finds a subject\'s handler as Nest does, without parsing the subject as JSON again for every message', () => {
    const server = serverOn(fakeConnection().connection);
    const parse = jest.spyOn(JSON, 'parse');
    try {
      expect(server.getHandlerByPattern('rpc.catalog.products.get')).not.toBeNull();
      expect(server.getHandlerByPattern('rpc.catalog.products.get')).not.toBeNull();
      expect(server.getHandlerByPattern('rpc.catalog.products.list')).toBeNull();
      expect(parse.mock.calls.filter(([text]) => text === 'rpc.catalog.products.get')).toHaveLength(1);
      // An object pattern keeps Nest's normalisation (its keys sorted).
      expect(server.getRouteFromPattern('{"b":1,"a":2}')).toBe('{"a":2,"b":1}');
    } finally {
      parse.mockRestore();
    }
  });
});
