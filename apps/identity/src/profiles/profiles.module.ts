import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { User } from '../accounts/entities/user.entity.js';
import { AddressesModule } from '../addresses/addresses.module.js';
import { ProfilesRpc } from './profiles.rpc.js';
import { ProfilesService } from './profiles.service.js';

/** Profiles, the Users tab and the admin list: `rpc.identity.profiles.*`, `rpc.identity.admins.*` (the `users` table is the accounts feature's). */
@Module({ imports: [DatabaseModule.forFeature([User]), AddressesModule], controllers: [ProfilesRpc], providers: [ProfilesService] })
export class ProfilesModule {}
