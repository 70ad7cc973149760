import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { AccountsModule } from './accounts/accounts.module.js';
import { OneTimeToken, RefreshToken, Session, SigningKey } from './accounts/entities/session.entity.js';
import { User } from './accounts/entities/user.entity.js';
import { UserAddress } from './addresses/address.entity.js';
import { AddressesRpc } from './addresses/addresses.rpc.js';
import { AddressesService } from './addresses/addresses.service.js';
import { Message } from './mail/message.entity.js';
import { migrations } from './migrations/index.js';
import { ProfilesRpc } from './profiles/profiles.rpc.js';
import { ProfilesService } from './profiles/profiles.service.js';

@Module({
  imports: [
    ServiceKitModule.forService({
      name: 'identity',
      database: { entities: [User, Session, RefreshToken, OneTimeToken, SigningKey, UserAddress, Message], migrations },
    }),
    AccountsModule,
  ],
  controllers: [pingController('identity'), ProfilesRpc, AddressesRpc],
  providers: [ProfilesService, AddressesService],
})
export class AppModule {}
