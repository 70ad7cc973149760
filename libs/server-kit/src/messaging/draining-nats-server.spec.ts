import { jest } from '@jest/globals';
import { DrainingNatsServer } from './draining-nats-server.js';

/** A connection whose round trip (`flush`) the test completes by hand. */
function fakeConnection() {
  let answer!: () => void;
  let refuse!: (e: Error) => void;
  const subscribed: string[] = [];
  const events: string[] = [];
  const connection = {
    subscribe: (subject: string) => {
      subscribed.push(subject);
      events.push(`subscribe ${subject}`);
      return { unsubscribe() {} };
    },
    flush: () =>
      new Promise<void>((resolve, reject) => {
        events.push('flush');
        answer = resolve;
        refuse = reject;
      }),
  };
  return { connection, subscribed, events, answer: () => answer(), refuse: (e: Error) => refuse(e) };
}

function serverOn(connection: object): DrainingNatsServer {
  const server = new DrainingNatsServer({ servers: ['nats://127.0.0.1:4222'], queue: 'catalog', gracePeriod: 1000 });
  server.addHandler('rpc.catalog.products.get', async () => ({ ok: true }));
  (server as unknown as { natsClient: object }).natsClient = connection;
  return server;
}

describe('DrainingNatsServer start', () => {
  it('reports itself started only after the server has answered a round trip made after the subscriptions', async () => {
    const nats = fakeConnection();
    const started = jest.fn();
    serverOn(nats.connection).start(started);

    expect(nats.subscribed).toEqual(['rpc.catalog.products.get']);
    expect(nats.events).toEqual(['subscribe rpc.catalog.products.get', 'flush']);
    await Promise.resolve();
    expect(started).not.toHaveBeenCalled();

    nats.answer();
    await new Promise((r) => setImmediate(r));
    expect(started).toHaveBeenCalledWith();
  });

  it('reports the failed round trip to Nest, which then fails the start', async () => {
    const nats = fakeConnection();
    const started = jest.fn();
    serverOn(nats.connection).start(started);

    nats.refuse(new Error('connection closed'));
    await new Promise((r) => setImmediate(r));
    expect(started).toHaveBeenCalledWith(expect.objectContaining({ message: 'connection closed' }));
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
