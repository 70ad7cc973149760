import {
  Catch,
  Injectable,
  type ArgumentsHost,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type RpcExceptionFilter,
} from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { ModuleRef } from '@nestjs/core';
import { Observable, throwError } from 'rxjs';
import { ZodError } from 'zod';
import { renderMessage } from '@jalaj/commerce';
import { AppErrorException, HEADERS, newId, rpcSubjects, type AppError, type RpcRequest, type RpcSubject } from '@jalaj/contracts';
import { callContext } from '../context.js';
import type { Logger } from 'pino';
import { getLogger } from '../logger.js';
import { rpcDuration } from '../ops/metrics.js';
import { extractTraceContext, natsHeaderGetter, type HeaderBag } from '../tracing/trace-context.js';
import { failSpan, SpanKind, startSpan, withSpan } from '../tracing/tracing.js';

/**
 * Validates an incoming payload against the contract of its subject. A bad payload is an
 * expected caller error: it becomes `VALIDATION_FAILED`, never an unhandled crash.
 */
export function parseRequest<S extends RpcSubject>(subject: S, payload: unknown): RpcRequest<S> {
  const parsed = rpcSubjects[subject].request.safeParse(payload);
  if (parsed.success) return parsed.data as RpcRequest<S>;
  throw new AppErrorException({
    code: 'VALIDATION_FAILED',
    message: renderMessage('VALIDATION_FAILED').message,
    fieldErrors: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
  });
}

/**
 * Around every NATS handler: binds the caller's correlation id and continues its trace
 * (a server span per request) for logs and outgoing messages, gives the
 * handler its own ORM identity map (message handlers run outside any HTTP request
 * context), and records its duration.
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  private orm_?: MikroORM | null;
  constructor(private readonly moduleRef: ModuleRef) {}

  private orm(): MikroORM | null {
    if (this.orm_ === undefined) {
      try {
        this.orm_ = this.moduleRef.get(MikroORM, { strict: false });
      } catch {
        this.orm_ = null;
      }
    }
    return this.orm_;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const ctx = context.switchToRpc().getContext<NatsContext>();
    const call = beginRpc(ctx.getSubject(), ctx.getHeaders());
    const orm = this.orm();
    return new Observable((subscriber) => {
      withSpan(call.span, () => callContext.run({ correlationId: call.correlationId }, () => {
        const run = () =>
          next.handle().subscribe({
            next: (v) => subscriber.next(v),
            error: (e) => {
              call.end(e);
              subscriber.error(e);
            },
            complete: () => {
              call.end();
              subscriber.complete();
            },
          });
        if (orm) RequestContext.create(orm.em, run);
        else run();
      }), call.parent);
    });
  }
}

/**
 * A NATS request being handled: its correlation id (the caller's, or a new one), its server
 * span (a child of the caller's client span) and `end`, which records its duration and
 * outcome and ends the span (`error`: what the handler threw).
 */
export function beginRpc(subject: string, headers: HeaderBag | undefined) {
  const correlationId = headers?.get(HEADERS.correlationId) || newId('cor');
  const started = performance.now();
  const parent = extractTraceContext(headers, natsHeaderGetter);
  const span = startSpan(subject, SpanKind.SERVER, { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.operation.type': 'process' }, parent);
  const end = (...failed: [error: unknown] | []) => {
    rpcDuration.observe([subject, failed.length ? 'error' : 'ok'], (performance.now() - started) / 1000);
    if (failed.length) {
      const [e] = failed;
      if (e instanceof AppErrorException) span.setAttribute('error.type', e.error.code);
      else failSpan(span, 'INTERNAL');
    }
    span.end();
  };
  return { correlationId, parent, span, end };
}

/**
 * Turns anything thrown by a NATS handler into a serialisable `AppError` with a stable
 * code; unexpected errors are logged here and leave the process as `INTERNAL`, without
 * internals.
 */
/** SQLSTATEs of a database that cannot be reached or used now: connection failures (08…), shutdown and startup (57P01–57P03), no free connection (53300), connections not allowed (55000 on a closed database). */
const UNREACHABLE_SQLSTATE = /^(08|57P0[123]|53300$|55000$)/;
/** Node's and pg's words for a connection that failed or went away. */
const UNREACHABLE_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections|the database system is (starting up|shutting down)|is not queryable|Client was closed/i;

/**
 * Whether an error says a dependency (the database) is out of reach, rather than that the
 * request or the code is wrong: then the caller is told UNAVAILABLE (503, try again), not
 * INTERNAL. Looks through the ORM's wrapping (`cause`, `previous`).
 */
export function isUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; sqlState?: unknown; message?: unknown; cause?: unknown; previous?: unknown };
  const code = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' ? e.code : '';
  if (UNREACHABLE_SQLSTATE.test(code) || UNREACHABLE_NETWORK.has(code)) return true;
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
  return isUnreachable(e.cause, depth + 1) || isUnreachable(e.previous, depth + 1);
}

/**
 * What a NATS handler's caller is answered for `exception`: an `AppError` with a stable
 * code. Unexpected errors are logged with `log` and leave the process as `INTERNAL`,
 * without internals; a dependency out of reach is `UNAVAILABLE`.
 */
export function rpcFailure(exception: unknown, log: Logger): AppError {
  if (exception instanceof AppErrorException) return exception.error;
  if (exception instanceof ZodError) return { code: 'VALIDATION_FAILED', message: renderMessage('VALIDATION_FAILED').message };
  if (isUnreachable(exception)) {
    log.warn({ err: exception }, 'a dependency is out of reach: answering UNAVAILABLE');
    return { code: 'UNAVAILABLE' };
  }
  log.error({ err: exception }, 'unhandled error in message handler');
  return { code: 'INTERNAL' };
}

@Catch()
export class RpcErrorFilter implements RpcExceptionFilter {
  private readonly log = getLogger('RpcErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (host.getType() !== 'rpc') throw exception;
    const error = rpcFailure(exception, this.log);
    return throwError(() => error);
  }
}
