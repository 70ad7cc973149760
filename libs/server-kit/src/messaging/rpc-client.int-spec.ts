import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { AppErrorException, HEADERS, ok, rpcSubjects, type Product } from '@jalaj/contracts';
import { currentCorrelationId } from '../context.js';
import { DrainingNatsServer } from './draining-nats-server.js';
import { RpcClient, withCorrelation } from './nats.module.js';
import { RpcHandler, type RpcParsedRequest } from './rpc-handler.js';
import { RpcContextInterceptor, RpcErrorFilter } from './rpc-handling.js';

/** A product as the contract's fixture has it, under the id asked for: each reply names its request. */
const plant = (id: string): Product => ({ ...(rpcSubjects['rpc.catalog.products.get-many'].fixtures.reply as { data: { items: Product[] } }).data.items[0]!, id });

const seen: { ids: string[]; correlationId: string | undefined }[] = [];
/** Requests of `prd_hold` wait here until the spec lets them go. */
const held: (() => void)[] = [];

@Controller()
class SpecRpc {
  @RpcHandler('rpc.catalog.products.get-many')
  async getMany({ ids }: RpcParsedRequest<'rpc.catalog.products.get-many'>) {
    seen.push({ ids, correlationId: currentCorrelationId() });
    if (ids.includes('prd_refused')) throw new AppErrorException({ code: 'NOT_FOUND', message: 'No such plant.' });
    if (ids.includes('prd_boom')) throw new Error('a bug at /work/apps/catalog/dist/main.js:12');
    // Longer than the callers wait: they see no reply.
    if (ids.includes('prd_silent')) await new Promise((r) => setTimeout(r, 1000));
    if (ids.includes('prd_hold')) await new Promise<void>((r) => held.push(r));
    // The odd ones answer later than the even ones, so that replies cross.
    const n = Number(ids[0]?.slice(4) ?? 0);
    await new Promise((r) => setTimeout(r, n % 2 ? 20 : 0));
    return ok({ items: ids.map(plant) });
  }
}

@Module({
  controllers: [SpecRpc],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: RpcContextInterceptor },
    { provide: APP_FILTER, useClass: RpcErrorFilter },
  ],
})
class SpecModule {}

/**
 * The one RPC path end to end over a real NATS server: the kit's RpcClient (the NATS
 * client's `request()`) → Nest's microservice pipeline on DrainingNatsServer → a handler.
 */
describe('RpcClient and DrainingNatsServer (real NATS)', () => {
  let service: INestMicroservice;
  let client: RpcClient;
  const url = process.env.NATS_URL!;

  const start = async () => {
    const app = await NestFactory.createMicroservice(SpecModule, {
      strategy: new DrainingNatsServer({ servers: [url], queue: `spec-rpc-${process.pid}`, gracePeriod: 5000 } as never),
      logger: false,
    });
    await app.listen();
    return app;
  };

  beforeAll(async () => {
    service = await start();
    client = RpcClient.standalone({ url, name: `spec-rpc-client-${process.pid}` });
  });

  afterAll(async () => {
    await service.close();
    await client.close();
  });

  beforeEach(() => void (seen.length = 0));

  it('gives every request its own reply, however the replies cross, through Nest’s pipeline', async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, (_, n) => client.request('rpc.catalog.products.get-many', { ids: [`prd_${n}`] })));
    expect(replies.map((r) => (r.ok ? r.data.items[0]!.id : r.error.code))).toEqual(Array.from({ length: 200 }, (_, n) => `prd_${n}`));
  });

  it('carries the caller’s correlation id to the handler', async () => {
    await withCorrelation('cor_spec_rpc', () => client.request('rpc.catalog.products.get-many', { ids: ['prd_2'] }));
    expect(seen).toEqual([{ ids: ['prd_2'], correlationId: 'cor_spec_rpc' }]);
  });

  it('turns a handler’s refusal into its code, and a bug into INTERNAL without internals', async () => {
    const refused = await client.request('rpc.catalog.products.get-many', { ids: ['prd_refused'] }).catch((e: unknown) => e);
    expect((refused as AppErrorException).error).toEqual({ code: 'NOT_FOUND', message: 'No such plant.' });
    const bug = await client.request('rpc.catalog.products.get-many', { ids: ['prd_boom'] }).catch((e: unknown) => e);
    expect((bug as AppErrorException).error).toEqual({ code: 'INTERNAL' });
  });

  it('answers a query without a reply in time UNAVAILABLE, and a command OUTCOME_UNKNOWN (the work may be done)', async () => {
    const query = await client.request('rpc.catalog.products.get-many', { ids: ['prd_silent'] }, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect((query as AppErrorException).error).toEqual({ code: 'UNAVAILABLE' });
    const command = await client
      .request('rpc.catalog.products.get-many', { ids: ['prd_silent'] }, { timeoutMs: 200, headers: { [HEADERS.commandId]: 'usr_1/key-1' } })
      .catch((e: unknown) => e);
    expect((command as AppErrorException).error).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
  });

  it('answers a subject no service handles UNAVAILABLE at once (no responders), not after the timeout', async () => {
    const started = Date.now();
    const nobody = await client.request('rpc.order.orders.list-mine', { actor: { id: 'usr_1', role: 'user' } }, { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect((nobody as AppErrorException).error).toEqual({ code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('answers a request under way when the service is asked to stop, then stops taking requests', async () => {
    const stopping = await start();
    // Two replicas in one queue group: wait until the held request reached one of them.
    const answer = client.request('rpc.catalog.products.get-many', { ids: ['prd_hold'] }, { timeoutMs: 10_000 });
    while (held.length === 0) await new Promise((r) => setTimeout(r, 10));
    const closing = Promise.all([stopping.close(), service.close()]);
    await new Promise((r) => setTimeout(r, 100));
    held.splice(0).forEach((go) => go());
    await expect(answer).resolves.toMatchObject({ ok: true });
    await closing;
    const after = await client.request('rpc.catalog.products.get-many', { ids: ['prd_2'] }, { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect((after as AppErrorException).error).toEqual({ code: 'UNAVAILABLE' });
    service = await start();
  });
});
