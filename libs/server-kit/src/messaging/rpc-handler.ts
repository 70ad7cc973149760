import type { PipeTransform } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { rpcSubjects, type RpcReply, type RpcSubject } from '@jalaj/contracts';
import { parseRequest } from './rpc-handling.js';

/** A request of `S` as its contract schema parsed it (defaults applied). */
export type RpcParsedRequest<S extends RpcSubject> = z.output<(typeof rpcSubjects)[S]['request']>;

/** The method shape `@RpcHandler(S)` accepts: the parsed request in, the contract's reply out. */
export type RpcHandlerMethod<S extends RpcSubject> = (request: RpcParsedRequest<S>) => RpcReply<S> | Promise<RpcReply<S>>;

/**
 * Validates a payload with the contract schema of its subject; a bad one is
 * `VALIDATION_FAILED` (see {@link parseRequest}). Pipes run after interceptors, so under
 * `@IdempotentCommand()` the validation happens inside the command's transaction, as the
 * handler's own `parseRequest` call did.
 */
export class ContractPipe<S extends RpcSubject> implements PipeTransform<unknown, RpcParsedRequest<S>> {
  constructor(readonly subject: S) {}

  transform(value: unknown): RpcParsedRequest<S> {
    return parseRequest(this.subject, value) as RpcParsedRequest<S>;
  }
}

/**
 * Makes a method the NATS handler of one subject of the contracts map, naming the subject
 * once: it applies `@MessagePattern(subject)` and validates the payload (the method's
 * first parameter) with the subject's request schema. The method's type is checked
 * against the contract: its parameter is the parsed request, its return the reply.
 *
 * Composes with `@IdempotentCommand()` in either order: both only add metadata to the
 * same method, none wraps it.
 *
 * @example
 * ```ts
 * @RpcHandler('rpc.cart.items.add')
 * @IdempotentCommand()
 * add({ actor, productId, quantity }: RpcParsedRequest<'rpc.cart.items.add'>) {
 *   return this.carts.add(actor, productId, quantity);
 * }
 * ```
 *
 * @param subject - A request/reply subject of `rpcSubjects`.
 */
export function RpcHandler<S extends RpcSubject>(subject: S) {
  // Generic in the method so the descriptor's variance does not demand an exact match.
  return <M extends RpcHandlerMethod<S>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    if (!(subject in rpcSubjects)) throw new Error(`@RpcHandler: ${String(subject)} is not a subject of the contracts map`);
    MessagePattern(subject)(target, key, descriptor);
    Payload(new ContractPipe(subject))(target, key, 0);
  };
}
