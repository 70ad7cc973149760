import 'reflect-metadata';
import { CanActivate, Controller, Injectable, Module, UseGuards, UseInterceptors, type INestMicroservice, type NestInterceptor } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, DiscoveryModule, NestFactory } from '@nestjs/core';
import { AppErrorException, notice, ok } from '@jalaj/contracts';
import { currentCorrelationId } from '../context.js';
import { CommandInHandInterceptor, CommandLogInterceptor, handledCommand, IdempotentCommand } from './command-log.js';
import { directRpcHandler, DirectRpc } from './direct-rpc.js';
import { RpcHandler, type RpcParsedRequest } from './rpc-handler.js';
import { RpcContextInterceptor, RpcErrorFilter } from './rpc-handling.js';
import { InMemoryRpcTransport, natsHeaderBag, recordingCommandLog } from './rpc-spec-transport.js';

const bag = natsHeaderBag;

const seen: unknown[] = [];

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
    if (ids.includes('prd_boom')) throw new Error('a bug');
    if (ids.includes('prd_refused')) throw new AppErrorException({ code: 'NOT_FOUND', message: 'No such plant.' });
    if (ids.includes('prd_unreachable')) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    return ok({ items: [] });
  }

  @RpcHandler('rpc.cart.items.add')
  @IdempotentCommand({ loggedBy: 'handler' })
  async add(request: RpcParsedRequest<'rpc.cart.items.add'>) {
    seen.push({ request, command: handledCommand() });
    return ok({ cart: { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 }, notice: notice('CART_ITEM_ADDED', { quantity: 1 }) });
  }

  @RpcHandler('rpc.cart.items.remove')
  @IdempotentCommand()
  remove(request: RpcParsedRequest<'rpc.cart.items.remove'>) {
    seen.push({ request });
    return ok({ cart: { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 }, notice: notice('CART_ITEM_ADDED', { quantity: 1 }) });
  }

  @RpcHandler('rpc.cart.items.clear')
  @UseGuards(Refuse)
  clear() {
    return ok({ cart: { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 }, notice: notice('CART_ITEM_ADDED', { quantity: 1 }) });
  }
}

@Injectable()
class Noop implements NestInterceptor {
  intercept(_: unknown, next: { handle(): unknown }) {
    return next.handle() as never;
  }
}

@Controller()
@UseInterceptors(Noop)
class Enhanced {
  @RpcHandler('rpc.cart.items.list')
  list() {
    return ok({ lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 });
  }
}

const logged: { subject: string; id: string | undefined }[] = [];

@Module({
  imports: [DiscoveryModule],
  controllers: [SpecRpc, Enhanced],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: RpcContextInterceptor },
    { provide: APP_FILTER, useClass: RpcErrorFilter },
    DirectRpc,
    CommandLogInterceptor,
    CommandInHandInterceptor,
    Noop,
    recordingCommandLog(({ subject, id }) => logged.push({ subject, id })),
  ],
})
class SpecModule {}

/** The direct path (ADR 061) answers as Nest's pipeline does. */
describe('DirectRpc', () => {
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

  /** The same request through both paths: the replies, and what the handler saw each time. */
  async function both(subject: string, data: unknown, headers: Record<string, string> = {}) {
    const nest = await transport.call(subject, data, headers);
    const viaNest = seen.splice(0);
    const direct = await directRpcHandler(subject)!(data, bag(headers));
    const viaDirect = seen.splice(0);
    return { nest, direct, viaNest, viaDirect };
  }

  const actor = { id: 'usr_1', role: 'user' as const };

  it('takes the handlers without other enhancers, with or without their command', () => {
    expect(['rpc.catalog.products.get-many', 'rpc.cart.items.add', 'rpc.cart.items.remove'].every((s) => directRpcHandler(s))).toBe(true);
    // A guard on the method, an interceptor on the class: Nest's pipeline keeps them.
    expect(directRpcHandler('rpc.cart.items.clear')).toBeUndefined();
    expect(directRpcHandler('rpc.cart.items.list')).toBeUndefined();
  });

  it.each([
    ['an answer', { ids: ['prd_1'] }],
    ['a payload that breaks the contract', { ids: 'prd_1' }],
    ['a refusal', { ids: ['prd_refused'] }],
    ['a bug', { ids: ['prd_boom'] }],
    ['a database out of reach', { ids: ['prd_unreachable'] }],
  ])('%s: the same reply', async (_, data) => {
    const { nest, direct, viaNest, viaDirect } = await both('rpc.catalog.products.get-many', data, { 'x-correlation-id': 'cor_spec' });
    expect(direct).toEqual(nest);
    expect(viaDirect).toEqual(viaNest);
  });

  it('binds the caller’s correlation id, or a new one', async () => {
    const { viaDirect } = await both('rpc.catalog.products.get-many', { ids: ['prd_1'] }, { 'x-correlation-id': 'cor_spec' });
    expect(viaDirect).toEqual([{ ids: ['prd_1'], correlationId: 'cor_spec', command: undefined }]);
    const fresh = await both('rpc.catalog.products.get-many', { ids: ['prd_1'] });
    expect((fresh.viaDirect[0] as { correlationId: string }).correlationId).toMatch(/^cor_/);
  });

  it('hands a command logged by its handler the command, its id checked and its request hashed before parsing', async () => {
    const payload = { actor, productId: 'prd_1', quantity: 2 };
    const { nest, direct, viaNest, viaDirect } = await both('rpc.cart.items.add', payload, { 'x-command-id': 'usr_1/key-1' });
    expect(direct).toEqual(nest);
    expect(viaDirect).toEqual(viaNest);
    expect(viaDirect).toEqual([{ request: payload, command: { subject: 'rpc.cart.items.add', id: 'usr_1/key-1', requestHash: expect.any(String) } }]);
    // No key: no command; a key too long: refused before the handler.
    expect((await both('rpc.cart.items.add', payload)).viaDirect).toEqual([{ request: payload, command: undefined }]);
    const tooLong = await both('rpc.cart.items.add', payload, { 'x-command-id': 'k'.repeat(300) });
    expect(tooLong.direct).toEqual(tooLong.nest);
    expect(tooLong.direct).toMatchObject({ err: { code: 'VALIDATION_FAILED' } });
    expect(tooLong.viaDirect).toEqual([]);
  });

  it('runs a logged command through the command log, the payload parsed inside it', async () => {
    const { nest, direct } = await both('rpc.cart.items.remove', { actor, id: 'cit_1' }, { 'x-command-id': 'usr_1/key-2' });
    expect(direct).toEqual(nest);
    expect(logged).toEqual([
      { subject: 'rpc.cart.items.remove', id: 'usr_1/key-2' },
      { subject: 'rpc.cart.items.remove', id: 'usr_1/key-2' },
    ]);
    const bad = await both('rpc.cart.items.remove', { actor }, { 'x-command-id': 'usr_1/key-3' });
    expect(bad.direct).toEqual(bad.nest);
    expect(logged).toHaveLength(4);
  });
});
