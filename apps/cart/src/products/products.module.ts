import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { CartProduct } from './entities/cart-product.entity.js';
import { ProductFactsService } from './product-facts.service.js';
import { ProductsEvents } from './products.events.js';

/** The cart's copy of catalogue facts, kept by catalog's events (ADR 023). */
@Module({ imports: [DatabaseModule.forFeature([CartProduct])], providers: [ProductFactsService, ProductsEvents], exports: [ProductFactsService] })
export class ProductsModule {}
