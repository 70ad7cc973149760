import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppErrorException, HTTP_STATUS_BY_CODE, type AppError } from '@jalaj/contracts';
import { getLogger } from '@jalaj/server-kit';
import { WebAppsService } from '../web/web-apps.service.js';
import { clientProblem, codeForStatus, isOpsPath } from './client-errors.js';
import { withTexts } from './error-texts.js';

/** Problem response body (RFC 9457 shape plus the shop's code, its data and the catalogue's texts). */
export interface Problem extends AppError {
  status: number;
  message: string;
}

/** The seconds a 503 asks the client to wait before it tries again (a service starting or restarting). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * Sends an AppError as `application/problem+json` with the status its code maps to and its
 * texts from the catalogue; a 503 says when to try again (`Retry-After`).
 */
export function sendProblem(reply: FastifyReply, error: AppError, status = HTTP_STATUS_BY_CODE[error.code]) {
  const body: Problem = { status, ...withTexts(error) };
  if (status === 503) void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return reply.status(status).header('content-type', 'application/problem+json; charset=utf-8').send(body);
}

/**
 * The problem response of a failure on an `/api` route: an AppError as it says, a Nest or
 * Fastify client error as its status, anything else logged and answered as INTERNAL (500)
 * without internals. The filter below uses it for Nest's routes; routes registered on
 * Fastify itself (the public catalogue, ADR 027) call it directly.
 */
export function answerProblem(exception: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (exception instanceof AppErrorException) return sendProblem(reply, exception.error);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      status === 404
        ? undefined
        : typeof response === 'object' && response && 'message' in response
          ? [response.message].flat().join('; ')
          : exception.message;
    return sendProblem(reply, { code: codeForStatus(status), message }, status);
  }
  // Fastify's own client errors (malformed JSON, body too large, wrong content type).
  const status = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const { code, message } = clientProblem(status);
    return sendProblem(reply, { code, message }, status);
  }
  log().error({ err: exception, url: request.url }, 'unhandled error');
  return sendProblem(reply, { code: 'INTERNAL' }, 500);
}

let log_: ReturnType<typeof getLogger> | undefined;
const log = () => (log_ ??= getLogger('ProblemFilter'));

/**
 * The one HTTP error filter: every failure leaves the BFF as a problem response with a
 * stable code and a user-facing text; internals are logged, never sent. A GET for an
 * unknown non-API path is a browser route, answered with the right app's index page; a HEAD
 * of it gets the same status and headers without the page (Node's server drops the body).
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(private readonly webApps: WebAppsService) {}

  async catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    if (exception instanceof HttpException && exception.getStatus() === 404 && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !isOpsPath(request.url)) {
      const served = await this.webApps.serveIndex(request, reply);
      if (served) return served;
    }
    return answerProblem(exception, request, reply);
  }
}
