import { Controller, Get, Global, Injectable, Module, Optional, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { hostname } from 'node:os';
import type { PingReply } from '@jalaj/contracts';
import { DatabaseHealth } from '../database/database.module.js';
import { NatsConnectionHolder } from '../messaging/nats.module.js';
import { metricsRegistry } from './metrics.js';

export type HealthCheck = () => Promise<boolean>;

/** The dependency checks of this process: database and NATS when present, plus any registered. */
@Injectable()
export class HealthService {
  private readonly checks = new Map<string, HealthCheck>();
  private readonly startedAt = Date.now();
  readonly instance = `${hostname()}-${process.pid}`;

  constructor(
    @Optional() database?: DatabaseHealth,
    @Optional() nats?: NatsConnectionHolder,
  ) {
    if (database) this.checks.set('database', () => database.isHealthy());
    if (nats) this.checks.set('nats', () => nats.isHealthy());
  }

  register(name: string, check: HealthCheck) {
    this.checks.set(name, check);
  }

  async run(): Promise<Record<string, 'up' | 'down'>> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, (await check().catch(() => false)) ? 'up' : 'down'] as const),
    );
    return Object.fromEntries(entries);
  }

  /** The reply of `rpc.<service>.ping`. */
  async ping(service: string): Promise<PingReply> {
    return {
      service,
      instance: this.instance,
      version: process.env.APP_VERSION ?? '0.1.0',
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      checks: await this.run(),
    };
  }
}

/** `/health/live` (the process runs), `/health/ready` (every dependency answers) and `/metrics`. */
@Controller()
export class OpsController {
  constructor(private readonly health: HealthService) {}

  @Get('health/live')
  live() {
    return { status: 'up' };
  }

  @Get('health/ready')
  async ready(@Res() reply: FastifyReply) {
    const checks = await this.health.run();
    const up = Object.values(checks).every((s) => s === 'up');
    await reply.status(up ? 200 : 503).send({ status: up ? 'up' : 'down', checks });
  }

  @Get('metrics')
  async metrics(@Res() reply: FastifyReply) {
    await reply.header('content-type', metricsRegistry.contentType).send(await metricsRegistry.metrics());
  }
}

@Global()
@Module({ controllers: [OpsController], providers: [HealthService], exports: [HealthService] })
export class OpsModule {}
