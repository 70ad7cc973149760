import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import type { Type } from '@nestjs/common';
import type { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig } from './config.js';
import { getLogger, PinoNestLogger, rootLogger } from './logger.js';

export interface BootstrapOptions {
  /** Service name: NATS queue group (shared by all replicas), log name. */
  name: string;
  module: Type<unknown>;
  /** HTTP port when PORT is not set. */
  defaultPort: number;
  /** Answer request/reply subjects over NATS (every service; not the BFF). */
  rpc: boolean;
  /** Extra environment schema the app needs validated at boot. */
  configSchema?: z.ZodObject;
  /** Last touches on the app before it listens (static files, prefixes…). */
  configure?: (app: NestFastifyApplication) => Promise<void> | void;
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
 * Starts a Jalaj server app: validated configuration, pino JSON logs, Fastify HTTP (health,
 * metrics and, for the BFF, the API), the NATS microservice in the service's queue group,
 * and graceful shutdown on SIGTERM/SIGINT.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<NestFastifyApplication> {
  process.env.SERVICE_NAME ??= options.name;
  process.env.PORT ??= String(options.defaultPort);
  const log = getLogger('Bootstrap');
  let config: z.infer<typeof baseConfigSchema>;
  try {
    config = loadConfig(options.configSchema ? baseConfigSchema.extend(options.configSchema.shape) : baseConfigSchema) as z.infer<
      typeof baseConfigSchema
    >;
  } catch (e) {
    if (e instanceof ConfigError) {
      rootLogger().fatal(e.message);
      process.stderr.write(`${options.name}: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }

  const app = await NestFactory.create<NestFastifyApplication>(
    options.module,
    new FastifyAdapter({ trustProxy: trustProxy(process.env.TRUST_PROXY), bodyLimit: 1024 * 1024, logger: false }),
    { logger: new PinoNestLogger(), abortOnError: false },
  );
  if (options.rpc) {
    app.connectMicroservice<MicroserviceOptions>(
      { transport: Transport.NATS, options: { servers: [config.NATS_URL], queue: options.name, name: `${options.name}-${process.pid}-rpc`, maxReconnectAttempts: -1 } as never },
      { inheritAppConfig: true },
    );
  }
  app.enableShutdownHooks();
  await options.configure?.(app);
  await app.startAllMicroservices();
  // Containers need every interface; `npm start` keeps services on the loopback.
  await app.listen({ port: config.PORT, host: process.env.HOST ?? '0.0.0.0' });
  log.info({ port: config.PORT }, `${options.name} ready`);
  return app;
}
