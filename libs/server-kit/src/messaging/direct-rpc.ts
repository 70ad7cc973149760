import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ApplicationConfig, DiscoveryService, MetadataScanner, ModuleRef } from '@nestjs/core';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { AppError, RpcSubject } from '@jalaj/contracts';
import { callContext } from '../context.js';
import { getLogger } from '../logger.js';
import type { HeaderBag } from '../tracing/trace-context.js';
import { withSpan } from '../tracing/tracing.js';
import { checkCommandId, commandIdOf, CommandInHandInterceptor, CommandLog, CommandLogInterceptor, IDEMPOTENT_COMMAND_METADATA, inHandledCommand } from './command-log.js';
import { RPC_HANDLER_METADATA } from './rpc-handler.js';
import { beginRpc, parseRequest, RpcContextInterceptor, RpcErrorFilter, rpcFailure } from './rpc-handling.js';

/** What a request's handler answered: Nest's NATS reply packet without its id (ADR 061). */
export type DirectReply = { response: unknown } | { err: AppError; status: 'error' };

/** A subject's handler on the direct path: the request's payload and headers in, the reply packet out; it never throws. */
export type DirectRpcHandler = (data: unknown, headers: HeaderBag | undefined) => Promise<DirectReply>;

/** The handlers of this process's subjects on the direct path, by subject. */
const handlers = new Map<string, DirectRpcHandler>();

/** Answers `subject` by `handler` from now on, without Nest's pipeline ({@link DirectRpc} registers every eligible handler). */
export function registerDirectRpcHandler(subject: string, handler: DirectRpcHandler): void {
  handlers.set(subject, handler);
}

/** The direct handler of `subject`, if it has one (the NATS server then skips Nest's pipeline). */
export function directRpcHandler(subject: string): DirectRpcHandler | undefined {
  return handlers.get(subject);
}

/** Nest's metadata keys of the enhancers a route may declare (`@nestjs/common`'s constants). */
const ENHANCER_METADATA = { interceptors: '__interceptors__', guards: '__guards__', pipes: '__pipes__', filters: '__exceptionFilters__' } as const;

const log = getLogger('DirectRpc');
/** Failures are logged as the error filter logs them on Nest's pipeline. */
const failures = getLogger('RpcErrorFilter');

/**
 * The NATS handlers of a service answered without Nest's microservice pipeline (ADR 061):
 * for each `@RpcHandler` method the same steps as the kit's global interceptor, the
 * command's interceptor, the contract pipe and the error filter — the caller's correlation
 * id and trace, a server span and the duration metric, a MikroORM request context, the
 * payload parsed by the subject's schema, the command in hand or in the command log, and a
 * failure turned into its `AppError` — as plain async calls, without rxjs, Nest's context
 * creators or its reply queue. A method with any other enhancer (a guard, a pipe, another
 * interceptor or filter, on it or its class), and every handler of an app with global
 * enhancers other than the kit's, stay on Nest's pipeline.
 */
@Injectable()
export class DirectRpc implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly moduleRef: ModuleRef,
    private readonly appConfig: ApplicationConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.onlyTheKitsGlobalEnhancers()) {
      log.info('global enhancers other than the kit’s: every NATS handler stays on Nest’s pipeline');
      return;
    }
    const orm = this.optional(MikroORM);
    const commands = this.optional(CommandLog);
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      if (hasEnhancers(instance.constructor)) continue;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = (prototype as Record<string, unknown>)[name] as (request: unknown) => unknown;
        const subject = Reflect.getMetadata(RPC_HANDLER_METADATA, method) as RpcSubject | undefined;
        if (!subject) continue;
        const command = Reflect.getMetadata(IDEMPOTENT_COMMAND_METADATA, method) as 'handler' | 'log' | undefined;
        if (!onlyItsOwnEnhancers(method, command) || (command === 'log' && !commands)) continue;
        registerDirectRpcHandler(subject, directHandler(subject, (request) => method.call(instance, request), { orm, command, commands }));
      }
    }
    log.info({ direct: handlers.size }, 'NATS handlers answered without Nest’s pipeline');
  }

  private optional<T>(token: abstract new (...args: never[]) => T): T | null {
    try {
      return this.moduleRef.get(token, { strict: false });
    } catch {
      return null;
    }
  }

  /** The app's global enhancers are the kit's interceptor and filter only (ServiceKitModule's APP_INTERCEPTOR and APP_FILTER, resolved by now). */
  private onlyTheKitsGlobalEnhancers(): boolean {
    const c = this.appConfig;
    if (c.getGlobalGuards().length || c.getGlobalPipes().length) return false;
    if (c.getGlobalRequestGuards().length || c.getGlobalRequestPipes().length || c.getGlobalRequestInterceptors().length || c.getGlobalRequestFilters().length) return false;
    return c.getGlobalInterceptors().every((i) => i instanceof RpcContextInterceptor) && c.getGlobalFilters().every((f) => f instanceof RpcErrorFilter);
  }
}

/** Whether a class or method declares any of Nest's enhancers. */
function hasEnhancers(target: object): boolean {
  return Object.values(ENHANCER_METADATA).some((key) => ((Reflect.getMetadata(key, target) as unknown[] | undefined) ?? []).length > 0);
}

/** The method declares no enhancer but the interceptor its `@IdempotentCommand` put there. */
function onlyItsOwnEnhancers(method: object, command: 'handler' | 'log' | undefined): boolean {
  const interceptors = (Reflect.getMetadata(ENHANCER_METADATA.interceptors, method) as unknown[] | undefined) ?? [];
  const expected = command === undefined ? [] : [command === 'handler' ? CommandInHandInterceptor : CommandLogInterceptor];
  if (interceptors.length !== expected.length || interceptors.some((i, n) => i !== expected[n])) return false;
  return [ENHANCER_METADATA.guards, ENHANCER_METADATA.pipes, ENHANCER_METADATA.filters].every((key) => ((Reflect.getMetadata(key, method) as unknown[] | undefined) ?? []).length === 0);
}

/**
 * A subject's handler on the direct path, in the order Nest's pipeline takes: context and
 * span (the global interceptor), then the command (its interceptor reads the raw payload),
 * then the contract's parse (the pipe), then the method; anything thrown becomes the reply's
 * `err` (the filter).
 */
export function directHandler(
  subject: RpcSubject,
  handle: (request: unknown) => unknown,
  deps: { orm: MikroORM | null; command?: 'handler' | 'log'; commands?: CommandLog | null },
): DirectRpcHandler {
  const { orm, command, commands } = deps;
  const run = async (data: unknown, headers: HeaderBag | undefined): Promise<unknown> => {
    const parsedAndHandled = async () => handle(parseRequest(subject, data));
    if (command === undefined) return parsedAndHandled();
    const id = commandIdOf(headers);
    checkCommandId(id);
    if (command === 'log') return commands!.run({ subject, id, request: data }, parsedAndHandled);
    return id === undefined ? parsedAndHandled() : inHandledCommand({ subject, id, request: data }, parsedAndHandled);
  };
  return (data, headers) => {
    const call = beginRpc(subject, headers);
    return withSpan(
      call.span,
      () =>
        callContext.run({ correlationId: call.correlationId }, () => {
          const answer = async (): Promise<DirectReply> => {
            try {
              const response = await run(data, headers);
              call.end();
              return { response };
            } catch (e) {
              call.end(e);
              return { err: rpcFailure(e, failures), status: 'error' };
            }
          };
          return orm ? RequestContext.create(orm.em, answer) : answer();
        }),
      call.parent,
    );
  };
}
