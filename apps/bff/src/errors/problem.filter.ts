import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppErrorException, HTTP_STATUS_BY_CODE, type AppError } from '@jalaj/contracts';
import { getLogger } from '@jalaj/server-kit';
import { WebAppsService } from '../web/web-apps.service.js';

/** Problem response body (RFC 9457 shape plus the shop's code and texts). */
export interface Problem extends AppError {
  status: number;
}

/** Sends an AppError as `application/problem+json` with the status its code maps to. */
export function sendProblem(reply: FastifyReply, error: AppError, status = HTTP_STATUS_BY_CODE[error.code]) {
  const body: Problem = { status, ...error };
  return reply.status(status).header('content-type', 'application/problem+json; charset=utf-8').send(body);
}

const codeForStatus = (status: number): AppError['code'] =>
  status === 400 || status === 422
    ? 'VALIDATION_FAILED'
    : status === 401
      ? 'UNAUTHENTICATED'
      : status === 403
        ? 'FORBIDDEN'
        : status === 404
          ? 'NOT_FOUND'
          : status === 409
            ? 'CONFLICT'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 503
                ? 'UNAVAILABLE'
                : 'INTERNAL';

/**
 * The one HTTP error filter: every failure leaves the BFF as a problem response with a
 * stable code and a user-facing text; internals are logged, never sent. A GET for an
 * unknown non-API path is a browser route, answered with the right app's index page.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly log = getLogger('ProblemFilter');
  constructor(private readonly webApps: WebAppsService) {}

  async catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();

    if (exception instanceof AppErrorException) return sendProblem(reply, exception.error);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404 && request.method === 'GET' && !request.url.startsWith('/api/')) {
        const served = await this.webApps.serveIndex(request, reply);
        if (served) return served;
      }
      const response = exception.getResponse();
      const message =
        status === 404
          ? 'Not found'
          : typeof response === 'object' && response && 'message' in response
            ? [response.message].flat().join('; ')
            : exception.message;
      return sendProblem(reply, { code: codeForStatus(status), message }, status);
    }
    // Fastify's own client errors (malformed JSON, body too large, wrong content type).
    const status = (exception as { statusCode?: unknown })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendProblem(reply, { code: codeForStatus(status), message: status === 413 ? 'The request is too large.' : 'The request is not valid.' }, status);
    }
    this.log.error({ err: exception, url: request.url }, 'unhandled error');
    return sendProblem(reply, { code: 'INTERNAL', message: 'An unexpected error occurred' }, 500);
  }
}
