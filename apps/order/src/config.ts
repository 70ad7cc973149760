import { z } from 'zod';
import { databaseConfigSchema, type BaseConfig } from '@jalaj/server-kit';

/**
 * PhonePe Standard Checkout v2 (see docs/payments.md). Base URLs point at PhonePe's UAT or
 * production hosts, or at the sandbox (`apps/phonepe-sandbox`), which `npm start` and the
 * tests use. Production refuses to start without the credentials of `PHONEPE_REQUIRED` (`PhonePeModule`).
 */
export const phonePeConfigSchema = z.object({
  /** Payments host: `https://api-preprod.phonepe.com/apis/pg-sandbox` (UAT), `https://api.phonepe.com/apis/pg` (production). */
  PHONEPE_BASE_URL: z.url().optional(),
  /** Token host; PHONEPE_BASE_URL when unset (UAT), `https://api.phonepe.com/apis/identity-manager` in production. */
  PHONEPE_TOKEN_URL: z.url().optional(),
  PHONEPE_CLIENT_ID: z.string().min(1).optional(),
  PHONEPE_CLIENT_SECRET: z.string().min(1).optional(),
  PHONEPE_CLIENT_VERSION: z.coerce.number().int().min(1).default(1),
  /** The webhook credentials configured on PhonePe's dashboard: PhonePe sends SHA-256 of `username:password`. */
  PHONEPE_WEBHOOK_USERNAME: z.string().min(1).optional(),
  PHONEPE_WEBHOOK_PASSWORD: z.string().min(1).optional(),
  /** How long a payment may take, in seconds (PhonePe allows 300 to 3600); stock is held a little longer. */
  PAYMENT_EXPIRE_AFTER_SECONDS: z.coerce.number().int().min(300).max(3600).default(900),
  /** First reconciliation of a pending payment after it started, in seconds (PhonePe's schedule: 20 to 25). */
  PAYMENT_RECONCILE_FIRST_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
});

/** The order service's own variables (its database, PhonePe); bootstrapService adds the base ones and validates them all at boot. */
export const orderConfigSchema = databaseConfigSchema.extend(phonePeConfigSchema.shape);

/** The PhonePe variables production cannot run without. */
export const PHONEPE_REQUIRED = ['PHONEPE_BASE_URL', 'PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET', 'PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD'] as const;

/** The order service's configuration object; inject it with `@InjectConfig()`. */
export type OrderConfig = BaseConfig & z.infer<typeof orderConfigSchema>;
