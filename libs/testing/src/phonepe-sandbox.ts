import type { SandboxCall, SandboxDelivery, SandboxOrderView, SandboxRefundView, SandboxResend, SandboxSettle, SandboxWebhookMode } from '@jalaj/contracts';
import { freePort, phonePeSandboxEnv, SANDBOX_CREDENTIALS, startApp, type AppHandle } from '@jalaj/local-platform';

/** A typed client of the sandbox's control API (`/_sandbox`, SANDBOX_CONTROL=true). */
export class SandboxControl {
  constructor(readonly base: string) {}

  private async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
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
  resendWebhook = (merchantOrderId: string, options: SandboxResend = {}) =>
    this.call<SandboxOrderView>('POST', `/orders/${encodeURIComponent(merchantOrderId)}/webhook`, options);
  refunds = async () => (await this.call<{ refunds: SandboxRefundView[] }>('GET', '/refunds')).refunds;
  /** Every webhook delivery attempt, oldest first. */
  webhooks = async () => (await this.call<{ deliveries: SandboxDelivery[] }>('GET', '/webhooks')).deliveries;
  /** Every PhonePe API call and page request received, oldest first. */
  calls = async () => (await this.call<{ calls: SandboxCall[] }>('GET', '/calls')).calls;
  /** Every issued token stops working: the next API call gets a 401. */
  revokeTokens = () => this.call<{ revoked: number }>('POST', '/tokens/revoke', {});
  reset = () => this.call<{ reset: boolean }>('POST', '/reset', {});
  /** PhonePe's API slow or failing every n-th call, or refusing every refund asked from now on (`{}`: back to normal). */
  faults = (faults: { latencyMs?: number; failEvery?: number; refunds?: 'complete' | 'fail' }) => this.call<unknown>('PUT', '/faults', faults);
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
