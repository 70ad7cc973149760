import { eventSubjects, rpcSubjects } from './subjects.js';
import { createEvent, createRequest, parseEvent } from './rpc.js';
import { AppErrorException } from './errors.js';

describe('contract fixtures', () => {
  it.each(Object.entries(rpcSubjects))('%s: request and reply fixtures parse', (_subject, def) => {
    expect(def.request.safeParse(def.fixtures.request).success).toBe(true);
    expect(def.reply.safeParse(def.fixtures.reply).success).toBe(true);
  });

  it.each(Object.entries(eventSubjects))('%s: data fixture parses', (_subject, def) => {
    expect(def.data.safeParse(def.fixture).success).toBe(true);
  });

  it('keeps rpc subjects out of the evt namespace and vice versa', () => {
    for (const s of Object.keys(rpcSubjects)) expect(s).toMatch(/^rpc\.[a-z]+\.[a-z.-]+$/);
    for (const s of Object.keys(eventSubjects)) expect(s).toMatch(/^evt\.[a-z]+\.[a-z]+\.[a-z-]+\.v\d+$/);
  });
});

describe('createRequest', () => {
  it('validates the payload before sending and the reply after', async () => {
    const sent: unknown[] = [];
    const request = createRequest({
      send: async (subject, payload) => {
        sent.push([subject, payload]);
        return rpcSubjects['rpc.catalog.ping'].fixtures.reply;
      },
    });
    await expect(request('rpc.catalog.ping', {})).resolves.toMatchObject({ service: 'catalog' });
    expect(sent).toEqual([['rpc.catalog.ping', {}]]);
    await expect(request('rpc.catalog.ping', { extra: 1 } as never)).rejects.toThrow();
    expect(sent).toHaveLength(1);
  });

  it('rejects a reply that does not match the contract', async () => {
    const request = createRequest({ send: async () => ({ service: 3 }) });
    await expect(request('rpc.catalog.ping', {})).rejects.toBeInstanceOf(AppErrorException);
  });
});

describe('events', () => {
  it('round-trips an envelope and refuses a wrong subject', () => {
    const f = eventSubjects['evt.catalog.product.deleted.v1'].fixture;
    const fixture = { ...f, imageKeys: [...f.imageKeys] };
    const event = createEvent('evt.catalog.product.deleted.v1', fixture);
    expect(event.id).toMatch(/^evt_[0-9A-Z]{26}$/);
    expect(parseEvent('evt.catalog.product.deleted.v1', JSON.parse(JSON.stringify(event))).data).toEqual(fixture);
    expect(() => parseEvent('evt.catalog.product.deleted.v1', { ...event, subject: 'evt.x.y.z.v1' })).toThrow();
  });
});
