import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { logSettings } from './config.js';
import { currentCorrelationId } from './context.js';
import { currentTraceIds } from './tracing/trace-context.js';

let root: Logger | undefined;

/** Lines are written in batches of at least this many bytes… */
const LOG_BATCH_BYTES = 4096;
/** …or after this long, whichever comes first. */
const LOG_FLUSH_MS = 200;

/**
 * The process's root pino logger: JSON lines on stdout, with the current correlation id,
 * trace id and span id bound to every line written inside a request or message.
 *
 * Standard output is pino's asynchronous destination (sonic-boom), written in batches of
 * {@link LOG_BATCH_BYTES} (ADR 026, ADR 063): one write per line cost the BFF more CPU
 * than a request's own work. A quiet process's lines still go out within
 * {@link LOG_FLUSH_MS}; pino writes what is left synchronously when the process exits, a
 * crash included.
 */
export function rootLogger(service = logSettings().service): Logger {
  if (root) return root;
  root = pino(
    {
      name: service,
      level: logSettings().level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin() {
        const correlationId = currentCorrelationId();
        const ids = currentTraceIds();
        return { ...(correlationId ? { correlationId } : {}), ...ids };
      },
    },
    pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES }),
  );
  const logger = root;
  setInterval(() => logger.flush(), LOG_FLUSH_MS).unref();
  return root;
}

/** A logger for one class or module. */
export function getLogger(name: string): Logger {
  return rootLogger().child({ context: name });
}

/** Routes Nest's own log calls into pino. */
export class PinoNestLogger implements LoggerService {
  private readonly log_ = rootLogger();

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]) {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    if (message instanceof Error) this.log_[level]({ context, err: message }, message.message);
    else if (typeof message === 'object') this.log_[level]({ context, ...(message as object) });
    else this.log_[level]({ context, detail: rest.length ? rest : undefined }, String(message));
  }

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }
}
