import { Inject } from '@nestjs/common';
import { z } from 'zod';

/** Variables every server app reads. Each app extends this with its own. */
export const baseConfigSchema = z.object({
  /** Log name and ping name; the app's own name unless set. */
  SERVICE_NAME: z.string().min(1).default('app'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HTTP port of the app: the shop for the BFF, internal HTTP (media's uploads) for a service. */
  PORT: z.coerce.number().int().min(1).max(65535),
  /** Interface the app listens on: every interface in containers; `npm start` keeps services on the loopback. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Internal ops port: health probes, the detailed health report and Prometheus metrics. */
  OPS_PORT: z.coerce.number().int().min(1).max(65535),
  /** Interface of the ops port; HOST when unset. */
  OPS_HOST: z.string().min(1).optional(),
  NATS_URL: z.string().regex(/^(nats|tls):\/\//, 'must be a nats:// or tls:// URL').default('nats://127.0.0.1:4222'),
  /** Whose X-Forwarded-For to believe: unset or `false` nobody, `true` any proxy, or a list of addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Reported by ping and the health details. */
  APP_VERSION: z.string().min(1).default('0.1.0'),
  /**
   * On SIGTERM, how long readiness answers 503 while the app still serves, before it stops
   * taking work: the time a load balancer or Kubernetes needs to stop sending it any.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Then, the longest the NATS requests being handled may take to finish before the connection closes. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * `true` says this shop is a demo whose payments go to the PhonePe sandbox, a simulator:
   * only then may the sandbox start and the order service pay through a host that is not
   * PhonePe's under NODE_ENV=production (each logs a warning at start), and the storefront
   * shows "Demo shop: no real payments" on every page. See docs/payments.md.
   */
  DEMO_PAYMENTS: z.enum(['true', 'false']).default('false'),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Thrown when the environment does not satisfy an app's schema. */
export class ConfigError extends Error {}

/**
 * Validates the environment against a schema. A bad or missing value stops the app
 * with a message naming the variable, never a half-configured start.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** The connections a service's pool opens at most unless `DATABASE_POOL_MAX` says otherwise. */
export const DEFAULT_POOL_MAX = 10;

/** Database URL of a service: DATABASE_URL, else POSTGRES_URL plus the service's own database name. */
export const databaseConfigSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  POSTGRES_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').default('postgres://postgres@127.0.0.1:5432'),
  /**
   * The most connections the service's pool opens. A transaction holds one until it ends,
   * the order service's checkout across catalog's reservation and PhonePe's call, so the
   * pool caps how many run at once: `jalaj_db_pool_waiting` on `/metrics` above 0 says the
   * service waits for connections. Mind PostgreSQL's `max_connections` over every replica.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_MAX),
});

export type DatabaseConfig = z.infer<typeof databaseConfigSchema>;

export function databaseUrl(service: string, env: z.infer<typeof databaseConfigSchema>): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  return `${env.POSTGRES_URL.replace(/\/+$/, '')}/jalaj_${service}`;
}

/**
 * Injection token of the app's configuration object (the kit provides it in every app).
 * Each app declares its type next to its schema and injects it with {@link InjectConfig}.
 */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Injects the app's validated configuration: `constructor(@InjectConfig() config: CatalogConfig)`. */
export const InjectConfig = () => Inject(APP_CONFIG);

let current: BaseConfig | undefined;

/**
 * Parses and validates the app's configuration once, at boot: `defaults` (the app's name
 * and ports) under the environment. This module is the only place that reads
 * `process.env` (an ESLint rule keeps it so); everything else gets the result.
 *
 * @param schema - The app's whole schema (`baseConfigSchema` extended).
 * @param defaults - Values used when the environment has none.
 * @throws ConfigError naming every bad or missing variable.
 */
export function bootConfig<S extends z.ZodType>(schema: S, defaults: Record<string, string> = {}): z.infer<S> {
  const config = loadConfig(schema, { ...defaults, ...process.env });
  current = config as BaseConfig;
  return config;
}

/**
 * The configuration the app booted with ({@link bootConfig}). Code that runs outside a
 * booted app (specs, scripts) gets the base settings — plus `schema`'s, when given — read
 * from the environment at each call instead.
 *
 * @param schema - The app's own schema, for the fallback.
 */
export function appConfig<T extends BaseConfig = BaseConfig>(schema?: z.ZodObject): T {
  if (current) return current as T;
  const base = baseConfigSchema.partial({ PORT: true, OPS_PORT: true });
  return loadConfig(schema ? base.extend(schema.shape) : base) as T;
}

/** The database settings from the environment (specs and tools that open a service's database). */
export const databaseConfig = (): DatabaseConfig => loadConfig(databaseConfigSchema);

/** Name and level of the root logger, which may be created before the configuration is. */
export function logSettings(): { service: string; level: string } {
  return {
    service: current?.SERVICE_NAME ?? process.env.SERVICE_NAME ?? 'app',
    level: current?.LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
  };
}

/**
 * The standard `OTEL_*` variables, as OpenTelemetry defines them (its exporter reads the
 * same ones itself): tracing takes them from here, so config.ts stays the one reader of
 * the environment.
 */
export function openTelemetryEnvironment(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('OTEL_')));
}
