import { z } from 'zod';
import { appConfig, type BaseConfig } from '@jalaj/server-kit';

/** The BFF's own variables; bootstrapService adds the base ones and validates them all at boot. */
export const bffConfigSchema = z.object({
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379'),
  MEDIA_URL: z.url().default('http://127.0.0.1:8085'),
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).max(1000).default(1),
  /** Memory for product images the BFF keeps, in MB. */
  IMAGE_CACHE_MB: z.coerce.number().min(0).default(64),
  /** The shop's public origin; state-changing requests from another origin are refused. */
  PUBLIC_URL: z.string().optional(),
  /** Built storefront and admin; the workspace's dist folders by default. */
  STOREFRONT_DIST: z.string().min(1).optional(),
  ADMIN_DIST: z.string().min(1).optional(),
  /**
   * The soonest the BFF asks identity for its signing keys again when a token names a key
   * it does not know, in seconds (it also asks whenever its copy is 5 minutes old). At most
   * 120: identity starts signing with a new key 2 minutes after publishing it.
   */
  SIGNING_KEYS_REFETCH_SECONDS: z.coerce.number().int().min(1).max(120).default(30),
  /**
   * When answers carry Strict-Transport-Security: `auto`, over HTTPS (TLS here, or
   * `X-Forwarded-Proto: https` from a proxy `TRUST_PROXY` trusts); `always`; `off`.
   * Default: `always` in production, else `auto` (see `sendsHsts`).
   */
  HSTS: z.enum(['auto', 'always', 'off']).optional(),
  /** `true` serves `/dev/mailbox` (never in production). */
  DEV_MAILBOX: z.string().optional(),
});

/** The BFF's configuration object; inject it with `@InjectConfig()`. */
export type BffConfig = BaseConfig & z.infer<typeof bffConfigSchema>;

/** The BFF's configuration, for code outside injection (module-level decisions, Fastify hooks). */
export const bffConfig = (): BffConfig => appConfig<BffConfig>(bffConfigSchema);
