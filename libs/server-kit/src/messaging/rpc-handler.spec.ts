import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NatsContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { lastValueFrom, isObservable } from 'rxjs';
import { notice, ok, type AppError } from '@jalaj/contracts';
import { CommandLog, CommandLogInterceptor, IdempotentCommand } from './command-log.js';
import { RpcHandler, type RpcParsedRequest } from './rpc-handler.js';
import { RpcErrorFilter } from './rpc-handling.js';
import { APP_FILTER } from '@nestjs/core';

/** A transport without I/O: the spec calls the registered handlers directly, through Nest's pipeline. */
class InMemoryTransport extends Server implements CustomTransportStrategy {
  listen(callback: () => void) {
    callback();
  }
  close() {}
  on() {}
  unwrap<T>(): T {
    return undefined as T;
  }
  async call(subject: string, data: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    const handler = this.getHandlerByPattern(subject);
    if (!handler) throw new Error(`no handler for ${subject}`);
    const ctx = new NatsContext([subject, { get: (k: string) => headers[k] } as never]);
    const result = await handler(data, ctx);
    return isObservable(result) ? lastValueFrom(result) : result;
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
    {
      provide: CommandLog,
      useValue: {
        run: async (command: { subject: string; id: string | undefined; request: unknown }, work: () => Promise<unknown>) => {
          const entry = { ...command, entered: received.length };
          commands.push(entry);
          return work();
        },
      },
    },
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
    await transport.call('rpc.catalog.products.get-many', { ids: ['prd_1', 'prd_1'] });
    expect(received).toEqual([['prd_1', 'prd_1']]);
  });

  it('answers a payload that breaks the contract with VALIDATION_FAILED, without calling the handler', async () => {
    const error = (await transport.call('rpc.catalog.products.get-many', { ids: 'prd_1' }).catch((e: AppError) => e)) as AppError;
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [expect.objectContaining({ field: 'ids' })] });
    expect(received).toEqual([]);
  });

  it.each(['rpc.cart.items.add', 'rpc.cart.items.remove'])('%s: runs through the command log (either decorator order), validation inside it', async (subject) => {
    const payload = subject === 'rpc.cart.items.add' ? { actor, productId: 'prd_1', quantity: 2 } : { actor, id: 'cit_1' };
    await transport.call(subject, payload, { 'x-command-id': 'usr_1/key-1' });
    expect(commands).toEqual([{ subject, id: 'usr_1/key-1', request: payload, entered: 0 }]);
    expect(received).toEqual([payload]);

    const error = (await transport.call(subject, { actor }, { 'x-command-id': 'usr_1/key-2' }).catch((e: AppError) => e)) as AppError;
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
