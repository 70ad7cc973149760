import { Global, Injectable, Module, Optional, ServiceUnavailableException, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { ModuleRef } from '@nestjs/core';
import { HealthCheckService, HealthIndicatorService, TerminusModule, type HealthCheckResult } from '@nestjs/terminus';
import { hostname } from 'node:os';
import type { PingReply } from '@jalaj/contracts';
import { DatabaseHealth } from '../database/database.module.js';
import { NatsConnectionHolder } from '../messaging/nats.module.js';
import { appConfig } from '../config.js';
import { getLogger } from '../logger.js';

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

  /** Adds a dependency check (Redis, S3…) to readiness, `/health` and the ping reply. */
  register(name: string, check: HealthCheck) {
    this.checks.set(name, check);
  }

  /** The registered checks, by name. */
  entries(): [string, HealthCheck][] {
    return [...this.checks];
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
      version: appConfig().APP_VERSION,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      checks: await this.run(),
    };
  }
}

/**
 * An app's detailed health report for the ops port's `/health` (the BFF adds every service,
 * asked through NATS). Without one, `/health` is the app's own ping reply.
 */
export interface HealthDetails {
  details(): Promise<object>;
}

/** Injection token of an app's {@link HealthDetails}. */
export const HEALTH_DETAILS = Symbol('HEALTH_DETAILS');

/** A closable server, e.g. the ops port's Fastify instance. */
interface Closable {
  close(): Promise<unknown>;
}

/** How long one dependency check may take before readiness counts it as down. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * What the ops port answers: liveness, readiness (every dependency check, run by Terminus)
 * and the detailed report. Closes the ops server when the app shuts down.
 */
@Injectable()
export class OpsService implements BeforeApplicationShutdown, OnApplicationShutdown {
  private server?: Closable;

  constructor(
    private readonly health: HealthService,
    private readonly terminus: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Readiness: every dependency answers. `ok` false means 503. */
  async ready(): Promise<{ ok: boolean; body: HealthCheckResult }> {
    const checks = this.health.entries().map(
      ([name, check]) =>
        () =>
          this.indicators
            .check(name)
            .attempt(async () => {
              if (!(await check())) throw new Error(`${name} does not answer`);
            })
            .withTimeout(CHECK_TIMEOUT_MS),
    );
    try {
      return { ok: true, body: await this.terminus.check(checks) };
    } catch (e) {
      if (e instanceof ServiceUnavailableException) return { ok: false, body: e.getResponse() as HealthCheckResult };
      throw e;
    }
  }

  /** The detailed report: host, process, version and checks (the BFF: every service too). */
  details(): Promise<object> {
    // The app's own module provides it, out of this global module's sight: looked up app-wide.
    let provider: HealthDetails | undefined;
    try {
      provider = this.moduleRef.get<HealthDetails>(HEALTH_DETAILS, { strict: false });
    } catch {
      provider = undefined;
    }
    return provider ? provider.details() : this.health.ping(appConfig().SERVICE_NAME);
  }

  /** Keeps the ops server to close it with the app. */
  attach(server: Closable) {
    this.server = server;
  }

  /**
   * On a signal, readiness answers 503 `shutting_down` at once (Terminus marks it before
   * this hook), while the app keeps serving for SHUTDOWN_DELAY_MS: the time the load
   * balancer needs to stop sending it work. Only then do the HTTP server and the NATS
   * subscriptions close (ADR 031).
   */
  async beforeApplicationShutdown(signal?: string) {
    const delay = appConfig().SHUTDOWN_DELAY_MS;
    if (!signal || delay === 0) return;
    getLogger('Shutdown').info({ signal, delayMs: delay }, 'stopping: not ready any more, still serving');
    await sleep(delay);
  }

  async onApplicationShutdown() {
    await this.server?.close();
  }
}

/** Health checks (Terminus) and the ops service, for every app. */
@Global()
@Module({
  // Terminus logs a failed check at error level on every probe; the 503 body says what failed.
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [HealthService, OpsService],
  exports: [HealthService, OpsService],
})
export class OpsModule {}
