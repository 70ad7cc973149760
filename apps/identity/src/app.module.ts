import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { AccountsModule } from './accounts/accounts.module.js';
import { AddressesModule } from './addresses/addresses.module.js';
import { MailModule } from './mail/mail.module.js';
import { migrations } from './migrations/index.js';
import { OrderMailsModule } from './order-mails/order-mails.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';
import { BackInStockMailsModule } from './stock-alerts/back-in-stock-mails.module.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'identity', database: { migrations } }), AccountsModule, AddressesModule, ProfilesModule, MailModule, OrderMailsModule, BackInStockMailsModule],
  controllers: [pingController('identity')],
})
export class AppModule {}
