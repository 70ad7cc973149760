import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseModule, getLogger, InjectConfig } from '@jalaj/server-kit';
import type { IdentityConfig } from '../config.js';
import { AccountsRpc } from './accounts.rpc.js';
import { AccountsService } from './accounts.service.js';
import { OneTimeToken, RefreshToken, Session } from './entities/session.entity.js';
import { SigningKey } from './entities/signing-key.entity.js';
import { User } from './entities/user.entity.js';
import { TokensService } from './tokens.service.js';

/** The demo shopper `npm start` creates next to the first admin. */
export const DEMO_SHOPPER = { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026', fullName: 'Demo Shopper' };

/** Accounts, sessions, one-time tokens and signing keys: sign-up, sign-in, refresh, passwords, SMS codes, JWKS. */
@Module({
  imports: [DatabaseModule.forFeature([User, Session, RefreshToken, OneTimeToken, SigningKey])],
  controllers: [AccountsRpc],
  providers: [AccountsService, TokensService],
  exports: [AccountsService],
})
export class AccountsModule implements OnApplicationBootstrap {
  private readonly log = getLogger('AccountsModule');
  constructor(
    private readonly accounts: AccountsService,
    @InjectConfig() private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap() {
    const config = this.config;
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const created = await this.accounts.ensureAccount({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, fullName: 'Jalaj Admin', role: 'admin' });
      if (created) this.log.info({ email: config.ADMIN_EMAIL }, 'first admin created');
    }
    if (config.SEED_DEMO_DATA === 'true' && (await this.accounts.ensureAccount({ ...DEMO_SHOPPER, role: 'user' }))) {
      this.log.info({ email: DEMO_SHOPPER.email }, 'demo shopper created');
    }
  }
}
