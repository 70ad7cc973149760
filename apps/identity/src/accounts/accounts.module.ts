import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { getLogger } from '@jalaj/server-kit';
import { identityConfig } from '../config.js';
import { MessageSender } from '../mail/mail.service.js';
import { MailboxRpc } from '../mail/mailbox.rpc.js';
import { AccountsRpc } from './accounts.rpc.js';
import { AccountsService } from './accounts.service.js';
import { TokensService } from './tokens.service.js';

/** The demo shopper `npm start` creates next to the first admin. */
export const DEMO_SHOPPER = { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026', fullName: 'Demo Shopper' };

@Module({
  controllers: [AccountsRpc, MailboxRpc],
  providers: [AccountsService, TokensService, MessageSender],
  exports: [AccountsService],
})
export class AccountsModule implements OnApplicationBootstrap {
  private readonly log = getLogger('AccountsModule');
  constructor(private readonly accounts: AccountsService) {}

  async onApplicationBootstrap() {
    const config = identityConfig();
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const created = await this.accounts.ensureAccount({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, fullName: 'Jalaj Admin', role: 'admin' });
      if (created) this.log.info({ email: config.ADMIN_EMAIL }, 'first admin created');
    }
    if (config.SEED_DEMO_DATA === 'true' && (await this.accounts.ensureAccount({ ...DEMO_SHOPPER, role: 'user' }))) {
      this.log.info({ email: DEMO_SHOPPER.email }, 'demo shopper created');
    }
  }
}
