import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { Type } from '@nestjs/common';
import type { FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import { HEADERS } from '@jalaj/contracts';
import { baseConfigSchema, bootConfig, ConfigError, type BaseConfig } from './config.js';
import { callContext } from './context.js';
import { DrainingNatsServer } from './messaging/draining-nats-server.js';
import { getLogger, PinoNestLogger, rootLogger } from './logger.js';
import { assignCorrelationId } from './ops/correlation.js';
import { OpsService } from './ops/health.js';
import { httpDuration } from './ops/metrics.js';
import { startOpsServer } from './ops/ops-server.js';
import { logRequests } from './ops/request-log.js';
import { beginHttpSpan, endHttpSpan, inHttpTrace } from './tracing/http-tracing.js';
import { startTracing } from './tracing/tracing.js';

export interface BootstrapOptions {
  /** Service name: NATS queue group (shared by all replicas), log name. */
  name: string;
  /** The app module, or a function importing it: then its imports run after the configuration is loaded. */
  module: Type<unknown> | (() => Promise<Type<unknown>>);
  /** HTTP port when PORT is not set. */
  defaultPort: number;
  /** Ops port (health, metrics) when OPS_PORT is not set; default `defaultPort + 1000`. */
  defaultOpsPort?: number;
  /** Answer request/reply subjects over NATS (every service; not the BFF). */
  rpc: boolean;
  /** Extra environment schema the app needs validated at boot. */
  configSchema?: z.ZodObject;
  /** Last touches on the app before it listens (static files, prefixes…). */
  configure?: (app: NestFastifyApplication) => Promise<void> | void;
  /** Extra Fastify options of the public port (e.g. `frameworkErrors`, `clientErrorHandler`). */
  fastify?: Partial<FastifyServerOptions>;
}

/**
 * Whose X-Forwarded-For to believe for the client address (rate limits use it): nobody
 * by default, `true` for any proxy, or a comma-separated list of proxy addresses/CIDRs.
 */
function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/**
 * Starts a Jalaj server app: validated configuration, pino JSON logs (a request log line
 * per request by pino-http, a correlation id per request), Fastify HTTP (for the BFF, the shop), the
 * internal ops port (health, metrics), the NATS microservice in the service's queue group,
 * and graceful shutdown on SIGTERM/SIGINT.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<NestFastifyApplication> {
  let config: BaseConfig;
  try {
    config = bootConfig(options.configSchema ? baseConfigSchema.extend(options.configSchema.shape) : baseConfigSchema, {
      SERVICE_NAME: options.name,
      PORT: String(options.defaultPort),
      OPS_PORT: String(options.defaultOpsPort ?? options.defaultPort + 1000),
    }) as BaseConfig;
    if (config.OPS_PORT === config.PORT) throw new ConfigError(`Invalid configuration:\n  OPS_PORT: must differ from PORT (${config.PORT})`);
  } catch (e) {
    if (e instanceof ConfigError) {
      rootLogger(options.name).fatal(e.message);
      process.stderr.write(`${options.name}: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const log = getLogger('Bootstrap');
  const module = 'prototype' in options.module ? (options.module as Type<unknown>) : await (options.module as () => Promise<Type<unknown>>)();
  // Before the app exists: every span it starts needs the provider.
  const tracing = startTracing(options.name);

  const app = await NestFactory.create<NestFastifyApplication>(
    module,
    new FastifyAdapter({
      trustProxy: trustProxy(config.TRUST_PROXY),
      bodyLimit: 1024 * 1024,
      logger: false,
      // The request id is the correlation id: the caller's when well formed, else a new one.
      genReqId: assignCorrelationId,
      ...options.fastify,
    }),
    { logger: new PinoNestLogger(), abortOnError: false },
  );
  const http = app.getHttpAdapter().getInstance();
  const sentStatus = logRequests(http, rootLogger());
  // Everything the request runs — logs, NATS requests (HEADERS.correlationId, traceparent),
  // calls to media — carries its correlation id and trace, and the caller gets both back.
  http.addHook('onRequest', (request, reply, done) => {
    void reply.header(HEADERS.correlationId, request.id);
    inHttpTrace(beginHttpSpan(request, reply), () => callContext.run({ correlationId: request.id }, done));
  });
  http.addHook('onResponse', (request, reply, done) => {
    // The route template (not the URL) keeps the label set small; unrouted requests share one.
    const status = sentStatus(reply);
    httpDuration.observe([request.method, request.routeOptions.url ?? 'unmatched', String(status)], reply.elapsedTime / 1000);
    endHttpSpan(request, status);
    done();
  });
  // Sends the spans still buffered when the app closes (SIGTERM).
  http.addHook('onClose', (_instance, done) => void tracing.shutdown().finally(done));
  if (options.rpc) {
    app.connectMicroservice<MicroserviceOptions>(
      {
        // Stops taking requests on close and answers the ones under way first (ADR 031).
        strategy: new DrainingNatsServer({
          servers: [config.NATS_URL],
          queue: options.name,
          name: `${options.name}-${process.pid}-rpc`,
          maxReconnectAttempts: -1,
          gracePeriod: config.SHUTDOWN_GRACE_MS,
        } as never),
      },
      { inheritAppConfig: true },
    );
  }
  app.enableShutdownHooks();
  await options.configure?.(app);
  // Migrations, seeds and warm-ups (the modules' init and bootstrap hooks) run before the
  // service subscribes to its subjects: until then a request finds no responder, which its
  // caller answers as UNAVAILABLE (the BFF's 503), never a handler without its tables.
  await app.init();
  await app.startAllMicroservices().catch((e: unknown) => exitUnreachable(options.name, 'NATS', e));
  const host = config.HOST;
  await app.listen({ port: config.PORT, host });
  // Opens last: readiness is only answered once the app itself listens.
  await startOpsServer(app.get(OpsService), { port: config.OPS_PORT, host: config.OPS_HOST ?? host });
  log.info({ port: config.PORT, opsPort: config.OPS_PORT }, `${options.name} ready`);
  return app;
}

/**
 * Ends a process that lost a backing service while it started, with one clear line instead
 * of an unhandled rejection's stack: its supervisor (npm start, Kubernetes) starts it again.
 */
function exitUnreachable(name: string, what: string, error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  const line = `${name}: ${what} could not be reached while starting (${reason}); exiting`;
  rootLogger(name).fatal(line);
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
