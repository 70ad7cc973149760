import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppErrorException } from '@jalaj/contracts';
import { runAsCommand, type CommandScope } from '@jalaj/server-kit';
import { sendProblem } from '../errors/problem.filter.js';
import { commandIdOf, isCommandRoute, readIdempotencyKey } from './idempotency-key.js';

type Request = FastifyRequest & { actor?: { id: string } };

/**
 * Turns every state-changing `/api` request into a command (ADR 012): validates its
 * `Idempotency-Key` (a bad one is a 400 before anything is done) and runs the route in a
 * command scope whose id is the key scoped to the actor, which the RPC client sends down in
 * the `x-command-id` header; inside it, an RPC that times out answers `OUTCOME_UNKNOWN`.
 *
 * A Fastify hook rather than a Nest interceptor: a global interceptor wrapped every request,
 * reads too, in rxjs observables. The hook runs before the route's guards, so the actor is
 * read when the first RPC goes out, by then verified.
 */
export function registerCommandScope(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request: Request, reply, done) => {
    if (!isCommandRoute(request.method, request.url)) return done();
    let key: string | undefined;
    try {
      key = readIdempotencyKey(request.headers['idempotency-key']);
    } catch (e) {
      if (!(e instanceof AppErrorException)) throw e;
      return void sendProblem(reply, e.error);
    }
    const scope: CommandScope = {
      get commandId() {
        return commandIdOf(request.actor?.id, key);
      },
    };
    // `done` continues the request (guards, the route) inside the scope.
    runAsCommand(scope, done);
  });
}
