import 'reflect-metadata';
import { CanActivate, Controller, Injectable, Module, UseGuards, type INestMicroservice } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { AppErrorException, notice, ok } from '@jalaj/contracts';
import { currentCorrelationId } from '../context.js';
import { CommandLogInterceptor, handledCommand, IdempotentCommand } from './command-log.js';
import { RpcHandler, type RpcParsedRequest } from './rpc-handler.js';
import { RpcContextInterceptor, RpcErrorFilter } from './rpc-handling.js';
import { InMemoryRpcTransport, recordingCommandLog } from './rpc-spec-transport.js';

const seen: unknown[] = [];
const emptyCart = { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 };

@Injectable()
class Refuse implements CanActivate {
  canActivate() {
    return false;
  }
}

@Controller()
class SpecRpc {
  @RpcHandler('rpc.catalog.products.get-many')
  getMany({ ids }: RpcParsedRequest<'rpc.catalog.products.get-many'>) {
    seen.push({ ids, correlationId: currentCorrelationId(), command: handledCommand() });
    if (ids.includes('prd_boom')) throw new Error('a bug at /work/apps/catalog/dist/main.js:12');
    if (ids.includes('prd_refused')) throw new AppErrorException({ code: 'NOT_FOUND', message: 'No such plant.' });
    if (ids.includes('prd_unreachable')) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    return ok({ items: [] });
  }

  @RpcHandler('rpc.cart.items.remove')
  @IdempotentCommand()
  remove(request: RpcParsedRequest<'rpc.cart.items.remove'>) {
    seen.push({ request, command: handledCommand() });
    return ok({ cart: emptyCart, notice: notice('CART_ITEM_REMOVED') });
  }

  @RpcHandler('rpc.cart.items.clear')
  @UseGuards(Refuse)
  clear() {
    seen.push('clear');
    return ok({ cart: emptyCart, notice: notice('CART_CLEARED') });
  }
}

const logged: { subject: string; id: string | undefined }[] = [];

@Module({
  controllers: [SpecRpc],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: RpcContextInterceptor },
    { provide: APP_FILTER, useClass: RpcErrorFilter },
    CommandLogInterceptor,
    recordingCommandLog(({ subject, id }) => logged.push({ subject, id })),
  ],
})
class SpecModule {}

/**
 * The services' one RPC path (ADR 006): Nest's microservice pipeline with the kit's
 * interceptor, the contract pipe, the command interceptors and the error filter, as the
 * NATS server runs it (without I/O here; rpc-client.int-spec.ts runs it over NATS).
 */
describe('the RPC pipeline', () => {
  let app: INestMicroservice;
  let transport: InMemoryRpcTransport;

  beforeAll(async () => {
    transport = new InMemoryRpcTransport();
    app = await NestFactory.createMicroservice(SpecModule, { strategy: transport, logger: false });
    await app.listen();
  });

  afterAll(() => app.close());

  beforeEach(() => {
    seen.length = 0;
    logged.length = 0;
  });

  const actor = { id: 'usr_1', role: 'user' as const };

  it.each([
    ['an answer', { ids: ['prd_1'] }, { response: { ok: true, data: { items: [] } } }],
    ['a payload that breaks the contract', { ids: 'prd_1' }, { err: expect.objectContaining({ code: 'VALIDATION_FAILED', fieldErrors: [expect.objectContaining({ field: 'ids' })] }), status: 'error' }],
    ['a refusal', { ids: ['prd_refused'] }, { err: { code: 'NOT_FOUND', message: 'No such plant.' }, status: 'error' }],
    ['a bug (no internals)', { ids: ['prd_boom'] }, { err: { code: 'INTERNAL' }, status: 'error' }],
    ['a database out of reach', { ids: ['prd_unreachable'] }, { err: { code: 'UNAVAILABLE' }, status: 'error' }],
  ])('answers %s as the reply packet says', async (_, data, expected) => {
    expect(await transport.call('rpc.catalog.products.get-many', data)).toEqual(expected);
  });

  it('binds the caller’s correlation id, or a new one', async () => {
    await transport.call('rpc.catalog.products.get-many', { ids: ['prd_1'] }, { 'x-correlation-id': 'cor_spec' });
    await transport.call('rpc.catalog.products.get-many', { ids: ['prd_1'] });
    expect(seen).toEqual([
      { ids: ['prd_1'], correlationId: 'cor_spec', command: undefined },
      { ids: ['prd_1'], correlationId: expect.stringMatching(/^cor_/), command: undefined },
    ]);
  });

  it('runs a logged command through the command log, the payload parsed inside it', async () => {
    expect(await transport.call('rpc.cart.items.remove', { actor, id: 'cit_1' }, { 'x-command-id': 'usr_1/key-2' })).toMatchObject({ response: { ok: true } });
    expect(await transport.call('rpc.cart.items.remove', { actor }, { 'x-command-id': 'usr_1/key-3' })).toMatchObject({ err: { code: 'VALIDATION_FAILED' } });
    expect(logged).toEqual([
      { subject: 'rpc.cart.items.remove', id: 'usr_1/key-2' },
      { subject: 'rpc.cart.items.remove', id: 'usr_1/key-3' },
    ]);
    expect(seen).toEqual([{ request: { actor, id: 'cit_1' }, command: undefined }]);
  });

  it('keeps a handler’s own guard in the same pipeline: refused before the handler runs', async () => {
    expect(await transport.call('rpc.cart.items.clear', { actor })).toMatchObject({ err: { code: 'INTERNAL' }, status: 'error' });
    expect(seen).toEqual([]);
  });
});
