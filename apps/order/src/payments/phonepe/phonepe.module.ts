import { Module } from '@nestjs/common';
import { APP_CONFIG, ConfigError } from '@jalaj/server-kit';
import { PHONEPE_REQUIRED, type OrderConfig } from '../../config.js';
import { PHONEPE_GATEWAY, type PhonePeGateway } from './phonepe-gateway.js';
import { PhonePeClient, UnconfiguredPhonePe } from './phonepe.client.js';

type PhonePeSettings = Pick<OrderConfig, 'NODE_ENV' | (typeof PHONEPE_REQUIRED)[number] | 'PHONEPE_TOKEN_URL' | 'PHONEPE_CLIENT_VERSION'>;

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
