import { jest } from '@jest/globals';
import { registerDirectRpcHandler, type DirectReply } from './direct-rpc.js';
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

describe('DrainingNatsServer and the direct path (ADR 061)', () => {
  /** A request as the NATS client hands it to the server. */
  function request(subject: string, body: string, reply: string | null = '_INBOX.1') {
    const sent: string[] = [];
    const msg = {
      subject,
      reply: reply ?? undefined,
      data: new TextEncoder().encode(body),
      headers: undefined,
      json: () => JSON.parse(body) as unknown,
      respond: (data: string) => (sent.push(data), true),
    };
    return { msg, sent };
  }

  it('answers a subject with a direct handler itself, in Nest’s reply format, counted as in flight until answered', async () => {
    const server = serverOn(fakeConnection().connection);
    let finish!: (reply: DirectReply) => void;
    const seen: unknown[] = [];
    registerDirectRpcHandler('rpc.catalog.products.get', (data) => (seen.push(data), new Promise<DirectReply>((r) => (finish = r))));
    const { msg, sent } = request('rpc.catalog.products.get', JSON.stringify({ pattern: 'rpc.catalog.products.get', data: { id: 'prd_1' }, id: 'p1' }));
    const handled = server.handleMessage('rpc.catalog.products.get', msg as never);
    await Promise.resolve();
    expect(seen).toEqual([{ id: 'prd_1' }]);
    expect(server.handling).toBe(1);
    finish({ response: { ok: true, data: { id: 'prd_1' } } });
    await handled;
    expect(server.handling).toBe(0);
    expect(sent.map((d) => JSON.parse(d) as unknown)).toEqual([{ response: { ok: true, data: { id: 'prd_1' } }, isDisposed: true, id: 'p1' }]);
  });

  it.each([
    ['no reply subject', JSON.stringify({ pattern: 'rpc.catalog.products.get', data: {}, id: 'p2' }), null],
    ['no packet id (an event)', JSON.stringify({ pattern: 'rpc.catalog.products.get', data: {} }), '_INBOX.2'],
    ['data that is not JSON', 'not json', '_INBOX.3'],
  ])('leaves a message with %s to Nest', async (_, body, reply) => {
    const server = serverOn(fakeConnection().connection);
    const direct = jest.fn(async (): Promise<DirectReply> => ({ response: null }));
    registerDirectRpcHandler('rpc.catalog.products.get', direct);
    const nest = jest.spyOn(Object.getPrototypeOf(DrainingNatsServer.prototype) as { handleMessage: () => Promise<unknown> }, 'handleMessage').mockResolvedValue(undefined);
    try {
      await server.handleMessage('rpc.catalog.products.get', request('rpc.catalog.products.get', body, reply).msg as never);
      expect(direct).not.toHaveBeenCalled();
      expect(nest).toHaveBeenCalledTimes(1);
    } finally {
      nest.mockRestore();
    }
  });
});
