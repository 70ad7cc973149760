import { Module } from '@nestjs/common';
import { APP_CONFIG, ConfigError, getLogger } from '@jalaj/server-kit';
import { PHONEPE_REQUIRED, type OrderConfig } from '../../config.js';
import { PHONEPE_GATEWAY, type PhonePeGateway } from './phonepe-gateway.js';
import { PhonePeClient, UnconfiguredPhonePe } from './phonepe.client.js';

type PhonePeSettings = Pick<OrderConfig, 'NODE_ENV' | 'DEMO_PAYMENTS' | (typeof PHONEPE_REQUIRED)[number] | 'PHONEPE_TOKEN_URL' | 'PHONEPE_CLIENT_VERSION'>;

/** Whether a base URL is PhonePe's own: https on phonepe.com (production `api.phonepe.com`, UAT `api-preprod.phonepe.com`). */
export function isPhonePeHost(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' && (hostname === 'phonepe.com' || hostname.endsWith('.phonepe.com'));
  } catch {
    return false;
  }
}

/**
 * Under NODE_ENV=production the order service pays through PhonePe only: a base or token
 * URL on another host (the sandbox, which takes no money) is refused, unless
 * DEMO_PAYMENTS=true says the shop is a demo; then it is a warning, logged at start.
 */
export function paymentHostCheck(config: Pick<PhonePeSettings, 'NODE_ENV' | 'DEMO_PAYMENTS' | 'PHONEPE_BASE_URL' | 'PHONEPE_TOKEN_URL'>): { refusal: string } | { warning: string } | null {
  if (config.NODE_ENV !== 'production') return null;
  const foreign = (['PHONEPE_BASE_URL', 'PHONEPE_TOKEN_URL'] as const).filter((name) => config[name] !== undefined && !isPhonePeHost(config[name]));
  if (foreign.length === 0) return null;
  if (config.DEMO_PAYMENTS === 'true') {
    return { warning: `DEMO_PAYMENTS=true: payments go to ${foreign.map((name) => config[name]).join(' and ')}, not PhonePe. No real money is taken: a demo shop only.` };
  }
  return {
    refusal: `Invalid configuration:\n${foreign.map((name) => `  ${name}: must be PhonePe's https host in production, not ${config[name]} (set DEMO_PAYMENTS=true only for a demo shop; see docs/payments.md)`).join('\n')}`,
  };
}

/**
 * The gateway the order configuration describes: the HTTP client when every variable of
 * `PHONEPE_REQUIRED` is set. Without them production refuses to start (a
 * {@link ConfigError} naming the missing ones); elsewhere every call fails with
 * `PhonePeError(0, 'NOT_CONFIGURED')`, so the rest of the service still runs.
 */
export function phonePeGateway(config: PhonePeSettings): PhonePeGateway {
  const missing = PHONEPE_REQUIRED.filter((name) => !config[name]);
  if (missing.length > 0) {
    if (config.NODE_ENV === 'production') {
      throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required in production (PhonePe, see docs/payments.md)`).join('\n')}`);
    }
    return new UnconfiguredPhonePe();
  }
  const hosts = paymentHostCheck(config);
  if (hosts && 'refusal' in hosts) throw new ConfigError(hosts.refusal);
  if (hosts) getLogger('PhonePeModule').warn({ demoPayments: true, baseUrl: config.PHONEPE_BASE_URL }, hosts.warning);
  return new PhonePeClient({
    baseUrl: config.PHONEPE_BASE_URL!,
    tokenUrl: config.PHONEPE_TOKEN_URL,
    clientId: config.PHONEPE_CLIENT_ID!,
    clientSecret: config.PHONEPE_CLIENT_SECRET!,
    clientVersion: config.PHONEPE_CLIENT_VERSION,
    webhookUsername: config.PHONEPE_WEBHOOK_USERNAME!,
    webhookPassword: config.PHONEPE_WEBHOOK_PASSWORD!,
  });
}

/** Provides {@link PHONEPE_GATEWAY} from the order configuration; the checkout feature imports it. */
@Module({
  providers: [{ provide: PHONEPE_GATEWAY, useFactory: (config: OrderConfig) => phonePeGateway(config), inject: [APP_CONFIG] }],
  exports: [PHONEPE_GATEWAY],
})
export class PhonePeModule {}
