import { AppErrorException } from '@jalaj/contracts';
import { RpcClient, type NatsConnectionHolder } from './nats.module.js';

/** A connection holder whose connection fails as the given error (NATS down, a socket refused). */
const failing = (error: unknown) => ({ connection: () => Promise.reject(error) }) as unknown as NatsConnectionHolder;

describe('RpcClient failures', () => {
  it.each([
    ['NATS refusing the connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4222'), { code: 'ECONNREFUSED' })],
    ['a raw error a handler threw', new Error('relation "products" does not exist at /work/apps/catalog/dist/x.js:12:3')],
    ['a non-error', 'nats: no responders'],
  ])('answers %s as UNAVAILABLE with no internal detail (the subject and the cause are logged only)', async (_, cause) => {
    const client = new RpcClient(failing(cause));
    const error = await client.request('rpc.catalog.products.get', { id: 'prd_1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppErrorException);
    expect((error as AppErrorException).error).toEqual({ code: 'UNAVAILABLE' });
    expect(JSON.stringify((error as AppErrorException).error)).not.toMatch(/rpc\.|ECONNREFUSED|relation|\/work\/|nats/);
  });
});
