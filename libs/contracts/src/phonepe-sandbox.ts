import { z } from 'zod';

/**
 * The PhonePe sandbox's control API (`/_sandbox/*`, docs/payments.md): what tests send and
 * get back. Served by `apps/phonepe-sandbox`, called by `SandboxControl` (libs/testing).
 */

/** How a webhook goes out: normally, not at all, or after a delay. */
export const sandboxWebhookModeSchema = z.union([z.enum(['send', 'drop']), z.object({ delayMs: z.number().int().min(0).max(600_000) })]);
export type SandboxWebhookMode = z.infer<typeof sandboxWebhookModeSchema>;

/** `POST /_sandbox/orders/{merchantOrderId}/settle`. */
export const sandboxSettleSchema = z.object({
  state: z.enum(['COMPLETED', 'FAILED', 'PENDING']),
  webhook: sandboxWebhookModeSchema.default('send'),
  /** How many times the webhook is sent (duplicates). */
  duplicates: z.number().int().min(1).max(20).default(1),
  /** Report this amount (paise) instead of the order's: an amount mismatch. */
  reportedAmount: z.number().int().min(0).optional(),
  errorCode: z.string().min(1).max(64).optional(),
  detailedErrorCode: z.string().min(1).max(64).optional(),
});
export type SandboxSettle = z.input<typeof sandboxSettleSchema>;

/** `POST /_sandbox/orders/{merchantOrderId}/expire`. */
export const sandboxExpireSchema = z.object({ webhook: sandboxWebhookModeSchema.default('send') });

/** `POST /_sandbox/orders/{merchantOrderId}/webhook`: the current state's webhook again. */
export const sandboxResendSchema = z.object({ webhook: sandboxWebhookModeSchema.default('send'), duplicates: z.number().int().min(1).max(20).default(1) });
export type SandboxResend = z.input<typeof sandboxResendSchema>;

/**
 * `PUT /_sandbox/faults`: how the sandbox misbehaves from now on, for the fault suite.
 * `latencyMs` delays every answer of PhonePe's API (token, pay, status, refund); `failEvery`
 * answers every n-th of those calls with a 500 before doing anything (0: never); `webhook`
 * and `duplicates` are how the webhooks of the hosted page's choices and of expiries go
 * out (late, twice, never); `refunds: 'fail'` makes every refund asked from now on end FAILED
 * (PhonePe accepts it, then refuses it; `pg.refund.failed`). `/_sandbox/reset` puts everything
 * back to normal.
 */
export const sandboxFaultsSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(30_000).default(0),
    failEvery: z.number().int().min(0).max(1000).default(0),
    webhook: sandboxWebhookModeSchema.default('send'),
    duplicates: z.number().int().min(1).max(20).default(1),
    refunds: z.enum(['complete', 'fail']).default('complete'),
  })
  .strict();
export type SandboxFaults = z.output<typeof sandboxFaultsSchema>;

/** What the sandbox's Order Status API reports. */
export interface SandboxOrderStatus {
  orderId: string;
  state: string;
  amount: number;
  expireAt: number;
  metaInfo: Record<string, string>;
  /** The category (`PAYMENT_ERROR`, `INSUFFICIENT_BALANCE`, `TXN_NOT_COMPLETED`…) beside the detailed code (`ZA`, `Z9`, `TXN_AUTO_FAILED`…). */
  errorCode?: string;
  detailedErrorCode?: string | null;
  /** With `errorContext=true`, on a failed order: where and why it failed. */
  errorContext?: { errorCode: string; detailedErrorCode: string; source: string; stage: string; description: string };
  paymentDetails: { transactionId: string; paymentMode: string; timestamp: number; amount: number; state: string; errorCode?: string | null; detailedErrorCode?: string | null }[];
}

/** An order as the control API shows it. */
export interface SandboxOrderView {
  merchantOrderId: string;
  /** Null when the pay request had none (optional at PhonePe). */
  redirectUrl: string | null;
  hostedPageUrl: string;
  createdAt: number;
  /** What the order was created for (`status.amount` differs after `reportedAmount`). */
  actualAmount: number;
  status: SandboxOrderStatus;
}

export interface SandboxRefundView {
  merchantRefundId: string;
  refundId: string;
  originalMerchantOrderId: string;
  amount: number;
  state: string;
  timestamp: number;
  /** The refund's own transaction. */
  paymentDetails: { transactionId: string; paymentMode: string; timestamp: number; amount: number; state: string }[];
}

/** One attempt to deliver a webhook. */
export interface SandboxDelivery {
  id: number;
  event: string;
  merchantOrderId: string | null;
  merchantRefundId: string | null;
  copy: number;
  attempt: number;
  at: number;
  /** `sent` (2xx), `failed` (another status or no answer), `dropped` (control API), `no-url` (no SANDBOX_WEBHOOK_URL). */
  outcome: 'sent' | 'failed' | 'dropped' | 'no-url';
  status: number | null;
  error: string | null;
}

/** A PhonePe API call or page request the sandbox received. */
export interface SandboxCall {
  at: number;
  method: string;
  path: string;
  status: number;
}
