import { z } from 'zod';

/** Variables every server app reads. Each app extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HTTP port of the app: the shop for the BFF, health and metrics for a service. */
  PORT: z.coerce.number().int().min(1).max(65535),
  NATS_URL: z.string().regex(/^(nats|tls):\/\//, 'must be a nats:// or tls:// URL').default('nats://127.0.0.1:4222'),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Thrown when the environment does not satisfy an app's schema. */
export class ConfigError extends Error {}

/**
 * Validates the environment against a schema. A bad or missing value stops the app
 * with a message naming the variable, never a half-configured start.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Database URL of a service: DATABASE_URL, else POSTGRES_URL plus the service's own database name. */
export const databaseConfigSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  POSTGRES_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').default('postgres://postgres@127.0.0.1:5432'),
});

export function databaseUrl(service: string, env: z.infer<typeof databaseConfigSchema>): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  return `${env.POSTGRES_URL.replace(/\/+$/, '')}/jalaj_${service}`;
}
