import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { runAsCommand } from '@jalaj/server-kit';
import { commandIdOf, isCommandRoute, readIdempotencyKey } from './idempotency-key.js';

type Request = FastifyRequest & { actor?: { id: string } };

/**
 * Turns every state-changing `/api` request into a command (ADR 012): validates its
 * `Idempotency-Key` (a bad one is a 400) and runs the route with the actor-scoped key as
 * the command id, which the RPC client sends down in the `x-command-id` header. Inside
 * it, an RPC that times out answers `OUTCOME_UNKNOWN`. Interceptors run after the guards,
 * so the actor is known here.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    if (!isCommandRoute(request.method, request.url)) return next.handle();
    const commandId = commandIdOf(request.actor?.id, readIdempotencyKey(request.headers['idempotency-key']));
    // next.handle() binds the async context it is called in: call it inside the command scope.
    return new Observable((subscriber) => runAsCommand(commandId, () => next.handle().subscribe(subscriber)));
  }
}
