import { freePort, phonePeSandboxEnv, SANDBOX_CREDENTIALS, startApp, type AppHandle } from '@jalaj/local-platform';

/** What the sandbox's Order Status API reports (see docs/payments.md). */
export interface SandboxOrderStatus {
  orderId: string;
  state: string;
  amount: number;
  expireAt: number;
  metaInfo: Record<string, string>;
  errorCode?: string;
  detailedErrorCode?: string | null;
  paymentDetails: { transactionId: string; paymentMode: string; timestamp: number; amount: number; state: string; errorCode?: string; detailedErrorCode?: string }[];
}

/** An order as the control API lists it. */
export interface SandboxOrderView {
  merchantOrderId: string;
  redirectUrl: string;
  hostedPageUrl: string;
  createdAt: number;
  /** What the order was created for (`status.amount` differs after `reportedAmount`). */
  actualAmount: number;
  status: SandboxOrderStatus;
}

/** How a webhook goes out: normally, dropped, or after a delay. */
export type SandboxWebhookMode = 'send' | 'drop' | { delayMs: number };

export interface SandboxSettle {
  state: 'COMPLETED' | 'FAILED' | 'PENDING';
  webhook?: SandboxWebhookMode;
  /** How many times the webhook is sent (duplicates). */
  duplicates?: number;
  /** Report this amount (paise) instead of the order's: an amount mismatch. */
  reportedAmount?: number;
  errorCode?: string;
  detailedErrorCode?: string;
}

export interface SandboxDelivery {
  id: number;
  event: string;
  merchantOrderId: string | null;
  merchantRefundId: string | null;
  copy: number;
  attempt: number;
  at: number;
  outcome: 'sent' | 'failed' | 'dropped' | 'no-url';
  status: number | null;
  error: string | null;
}

export interface SandboxCall {
  at: number;
  method: string;
  path: string;
  status: number;
}

/** A typed client of the sandbox's control API (`/_sandbox`, SANDBOX_CONTROL=true). */
export class SandboxControl {
  constructor(readonly base: string) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const r = await fetch(`${this.base}/_sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`sandbox ${method} ${path}: ${r.status} ${text}`);
    return JSON.parse(text) as T;
  }

  orders = async () => (await this.call<{ orders: SandboxOrderView[] }>('GET', '/orders')).orders;
  order = (merchantOrderId: string) => this.call<SandboxOrderView>('GET', `/orders/${encodeURIComponent(merchantOrderId)}`);
  /** Settles an order without the browser: outcome, webhook (send, drop, delay), duplicates, a different amount. */
  settle = (merchantOrderId: string, settle: SandboxSettle) => this.call<SandboxOrderView>('POST', `/orders/${encodeURIComponent(merchantOrderId)}/settle`, settle);
  /** The order expires now; a pending one turns failed (its webhook as `webhook` says). */
  expire = (merchantOrderId: string, webhook: SandboxWebhookMode = 'send') => this.call<SandboxOrderView>('POST', `/orders/${encodeURIComponent(merchantOrderId)}/expire`, { webhook });
  /** Sends the webhook of the order's current state again. */
  resendWebhook = (merchantOrderId: string, options: { webhook?: SandboxWebhookMode; duplicates?: number } = {}) =>
    this.call<SandboxOrderView>('POST', `/orders/${encodeURIComponent(merchantOrderId)}/webhook`, options);
  refunds = async () => (await this.call<{ refunds: { merchantRefundId: string; refundId: string; originalMerchantOrderId: string; amount: number; state: string }[] }>('GET', '/refunds')).refunds;
  /** Every webhook delivery attempt, oldest first. */
  webhooks = async () => (await this.call<{ deliveries: SandboxDelivery[] }>('GET', '/webhooks')).deliveries;
  /** Every PhonePe API call and page request received, oldest first. */
  calls = async () => (await this.call<{ calls: SandboxCall[] }>('GET', '/calls')).calls;
  /** Every issued token stops working: the next API call gets a 401. */
  revokeTokens = () => this.call<{ revoked: number }>('POST', '/tokens/revoke', {});
  reset = () => this.call<{ reset: boolean }>('POST', '/reset', {});
}

export interface TestSandbox {
  /** The sandbox's address, e.g. `http://127.0.0.1:40123` (PhonePe's base URL and the hosted pages). */
  base: string;
  control: SandboxControl;
  app: AppHandle;
  /** The order service's PHONEPE_* (and the sandbox's SANDBOX_*) variables for this sandbox. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the built PhonePe sandbox as its own process on a free port, with its control API,
 * sending webhooks to `shopUrl` (`/api/payments/phonepe/webhook` is appended) or, with
 * `webhookUrl`, exactly there. `env` adds SANDBOX_* settings (e.g. SANDBOX_REFUND_DELAY_MS).
 */
export async function startTestSandbox(options: { shopUrl?: string; webhookUrl?: string; env?: Record<string, string> } = {}): Promise<TestSandbox> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = phonePeSandboxEnv({ sandboxUrl: base, sandboxPublicUrl: base, shopUrl: options.shopUrl ?? 'http://127.0.0.1:9', control: true });
  if (options.webhookUrl) env.SANDBOX_WEBHOOK_URL = options.webhookUrl;
  else if (!options.shopUrl) delete env.SANDBOX_WEBHOOK_URL;
  const app = await startApp('phonepe-sandbox', {
    port,
    env: { LOG_LEVEL: 'warn', SANDBOX_WEBHOOK_BACKOFF_MS: '200', SANDBOX_REFUND_DELAY_MS: '300', ...env, ...options.env },
  });
  return { base, control: new SandboxControl(base), app, env, stop: () => app.stop() };
}

export { SANDBOX_CREDENTIALS };
