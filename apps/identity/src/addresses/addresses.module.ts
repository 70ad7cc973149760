import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { UserAddress } from './entities/address.entity.js';
import { AddressesRpc } from './addresses.rpc.js';
import { AddressesService } from './addresses.service.js';

/** A shopper's address book: `rpc.identity.addresses.*`. */
@Module({ imports: [DatabaseModule.forFeature([UserAddress])], controllers: [AddressesRpc], providers: [AddressesService], exports: [AddressesService] })
export class AddressesModule {}
