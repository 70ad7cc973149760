import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { notice, ok, type AppError } from '@jalaj/contracts';
import { CommandLogInterceptor, IdempotentCommand } from './command-log.js';
import { RpcHandler, type RpcParsedRequest } from './rpc-handler.js';
import { RpcErrorFilter } from './rpc-handling.js';
import { InMemoryRpcTransport, recordingCommandLog } from './rpc-spec-transport.js';
import { APP_FILTER } from '@nestjs/core';

/** Nest's pipeline without I/O: the handler's answer, or its failure thrown. */
class InMemoryTransport extends InMemoryRpcTransport {
  async answer(subject: string, data: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    const reply = await this.call(subject, data, headers);
    if ('err' in reply) throw reply.err;
    return reply.response;
  }
}

const received: unknown[] = [];
const commands: { subject: string; id: string | undefined; request: unknown; entered: number }[] = [];

@Controller()
class SpecRpc {
  @RpcHandler('rpc.cart.items.add')
  @IdempotentCommand()
  add(request: RpcParsedRequest<'rpc.cart.items.add'>) {
    received.push(request);
    return ok({ cart: { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 }, notice: notice('CART_ITEM_ADDED', { quantity: 1 }) });
  }

  // The other order: the interceptor's decorator above.
  @IdempotentCommand()
  @RpcHandler('rpc.cart.items.remove')
  remove(request: RpcParsedRequest<'rpc.cart.items.remove'>) {
    received.push(request);
    return ok({ cart: { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 }, notice: notice('CART_ITEM_ADDED', { quantity: 1 }) });
  }

  @RpcHandler('rpc.catalog.products.get-many')
  getMany({ ids }: RpcParsedRequest<'rpc.catalog.products.get-many'>) {
    received.push(ids);
    return ok({ items: [] });
  }
}

@Module({
  controllers: [SpecRpc],
  providers: [
    CommandLogInterceptor,
    { provide: APP_FILTER, useClass: RpcErrorFilter },
    recordingCommandLog((command) => commands.push({ ...command, entered: received.length })),
  ],
})
class SpecModule {}

describe('@RpcHandler', () => {
  let app: INestMicroservice;
  let transport: InMemoryTransport;

  beforeAll(async () => {
    transport = new InMemoryTransport();
    app = await NestFactory.createMicroservice(SpecModule, { strategy: transport, logger: false });
    await app.listen();
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(() => {
    received.length = 0;
    commands.length = 0;
  });

  const actor = { id: 'usr_1', role: 'user' as const };

  it('registers the handler under its subject and hands it the parsed request', async () => {
    await transport.answer('rpc.catalog.products.get-many', { ids: ['prd_1', 'prd_1'] });
    expect(received).toEqual([['prd_1', 'prd_1']]);
  });

  it('answers a payload that breaks the contract with VALIDATION_FAILED, without calling the handler', async () => {
    const error = (await transport.answer('rpc.catalog.products.get-many', { ids: 'prd_1' }).catch((e: AppError) => e)) as AppError;
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [expect.objectContaining({ field: 'ids' })] });
    expect(received).toEqual([]);
  });

  it.each(['rpc.cart.items.add', 'rpc.cart.items.remove'])('%s: runs through the command log (either decorator order), validation inside it', async (subject) => {
    const payload = subject === 'rpc.cart.items.add' ? { actor, productId: 'prd_1', quantity: 2 } : { actor, id: 'cit_1' };
    await transport.answer(subject, payload, { 'x-command-id': 'usr_1/key-1' });
    expect(commands).toEqual([{ subject, id: 'usr_1/key-1', request: payload, entered: 0 }]);
    expect(received).toEqual([payload]);

    const error = (await transport.answer(subject, { actor }, { 'x-command-id': 'usr_1/key-2' }).catch((e: AppError) => e)) as AppError;
    expect(error.code).toBe('VALIDATION_FAILED');
    // The command log was entered first: a rejected payload rolls back with its transaction.
    expect(commands).toHaveLength(2);
    expect(received).toHaveLength(1);
  });

  it('refuses a subject the contracts map does not have', () => {
    expect(() => RpcHandler('rpc.cart.items.nope' as never)({}, 'x', { value: (() => undefined) as never })).toThrow(/not a subject/);
  });

  it('type-checks the method against the contract', () => {
    // Compile-time only: tsc (npm test -- static) fails if these stop being errors.
    class Wrong {
      // @ts-expect-error the parameter is not the request of the subject
      @RpcHandler('rpc.cart.items.add') a(_request: { nope: number }) {
        return ok({ items: [] });
      }
      // @ts-expect-error the reply is not the contract's
      @RpcHandler('rpc.catalog.products.get-many') b(_request: RpcParsedRequest<'rpc.catalog.products.get-many'>) {
        return { items: 1 };
      }
    }
    expect(Wrong).toBeDefined();
  });
});
