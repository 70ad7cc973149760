import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { ProductsModule } from '../products/products.module.js';
import { CartItem } from './entities/cart-item.entity.js';
import { ItemsEvents } from './items.events.js';
import { CartItemsRepository } from './items.repository.js';
import { CartRpc } from './items.rpc.js';
import { CartService } from './items.service.js';

/** The lines of shoppers' carts: `rpc.cart.items.*`, and what a paid order takes out of them. */
@Module({ imports: [DatabaseModule.forFeature([CartItem]), ProductsModule], controllers: [CartRpc], providers: [CartItemsRepository, CartService, ItemsEvents] })
export class ItemsModule {}
