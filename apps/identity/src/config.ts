import { z } from 'zod';
import { databaseConfigSchema, type BaseConfig } from '@jalaj/server-kit';

/** Identity's own variables; bootstrapService adds the base ones and validates them all at boot. */
export const identityConfigSchema = databaseConfigSchema.extend({
  /** The shop's public address, for links in mails. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** smtp:// or smtps:// URL; without it mails are kept for the development mailbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Jalaj <hello@jalaj.shop>'),
  /** The first admin, created at start when no account has this email. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  /** Also seed a confirmed demo shopper (npm start). */
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('false'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  /** A rotated refresh token presented again within this window is a benign race (two tabs), not theft. */
  REFRESH_REUSE_GRACE_MS: z.coerce.number().int().min(0).max(60000).default(10000),
  /** The access-token signing key is replaced by a new one this often (the old one is published until its tokens expired). */
  SIGNING_KEY_ROTATION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
});
/** Identity's configuration object; inject it with `@InjectConfig()`. */
export type IdentityConfig = BaseConfig & z.infer<typeof identityConfigSchema>;
