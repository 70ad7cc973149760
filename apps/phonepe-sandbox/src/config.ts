import { z } from 'zod';
import { baseConfigSchema } from '@jalaj/server-kit';

const flag = z.enum(['true', 'false']);

/**
 * The sandbox's variables (see docs/payments.md). Its defaults match what `npm start` gives
 * the order service (`PHONEPE_CLIENT_ID`/`SECRET`, `PHONEPE_WEBHOOK_USERNAME`/`PASSWORD`).
 */
export const sandboxConfigSchema = baseConfigSchema.extend({
  /** Where the shopper's browser reaches the sandbox: the hosted page is `<this>/pay/<orderId>`. Default `http://localhost:<PORT>`. */
  SANDBOX_PUBLIC_URL: z.url().optional(),
  /** The merchant the hosted page and the webhooks name. */
  SANDBOX_MERCHANT_ID: z.string().min(1).default('JALAJSANDBOX'),
  SANDBOX_MERCHANT_NAME: z.string().min(1).default('Jalaj'),
  /** The OAuth client credentials the token endpoint accepts. */
  SANDBOX_CLIENT_ID: z.string().min(1).default('jalaj-sandbox'),
  SANDBOX_CLIENT_SECRET: z.string().min(1).default('jalaj-sandbox-secret'),
  /** Lifetime of an issued token, in seconds. */
  SANDBOX_TOKEN_TTL_SECONDS: z.coerce.number().int().min(2).max(86_400).default(3600),
  /** Where webhooks go (the shop's `/api/payments/phonepe/webhook`); none are sent when unset. */
  SANDBOX_WEBHOOK_URL: z.url().optional(),
  /** The webhook credentials: each webhook carries `Authorization: sha256hex(username:password)`. */
  SANDBOX_WEBHOOK_USERNAME: z.string().min(1).default('jalaj-webhook'),
  SANDBOX_WEBHOOK_PASSWORD: z.string().min(1).default('jalaj-webhook-secret'),
  /** Further attempts after a failed webhook delivery (no 2xx within 5 s), with doubling waits from SANDBOX_WEBHOOK_BACKOFF_MS. */
  SANDBOX_WEBHOOK_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
  SANDBOX_WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** A refund reads PENDING for this long, then COMPLETED (0: at once). */
  SANDBOX_REFUND_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** The state an unpaid order reports once expired (PhonePe's is unconfirmed: FAILED, or EXPIRED as in its SDK fixtures). */
  SANDBOX_EXPIRED_STATE: z.enum(['FAILED', 'EXPIRED']).default('FAILED'),
  /** The control API for automated tests (`/_sandbox/*`); `npm start` and the tests turn it on. */
  SANDBOX_CONTROL: flag.default('false'),
});

export type SandboxConfig = z.infer<typeof sandboxConfigSchema>;

/**
 * Whether the sandbox may start: never under NODE_ENV=production (it takes no money, and
 * anyone who reaches its page can press Pay and take the goods), unless DEMO_PAYMENTS=true
 * says the shop is a demo. `refusal` stops the start; `warning` is logged loudly at start.
 */
export function productionGuard(config: Pick<SandboxConfig, 'NODE_ENV' | 'DEMO_PAYMENTS'>): { refusal: string } | { warning: string } | null {
  if (config.NODE_ENV !== 'production') return null;
  if (config.DEMO_PAYMENTS === 'true') {
    return { warning: 'DEMO_PAYMENTS=true: the PhonePe sandbox runs under NODE_ENV=production. It takes no money and anyone who reaches its page can pay with it: a demo shop only.' };
  }
  return {
    refusal:
      'Invalid configuration:\n  NODE_ENV: the PhonePe sandbox does not run in production (it takes no money; anyone who reaches its page can pay with it). Point the order service at PhonePe, or set DEMO_PAYMENTS=true for a demo shop.',
  };
}
