import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { CartItem } from './entities/cart-item.entity.js';
import { CartItemsRepository } from './items.repository.js';
import { CartRpc } from './items.rpc.js';
import { CartService } from './items.service.js';

/** The lines of shoppers' carts: `rpc.cart.items.*`. */
@Module({ imports: [DatabaseModule.forFeature([CartItem])], controllers: [CartRpc], providers: [CartItemsRepository, CartService] })
export class ItemsModule {}
