import { Module } from '@nestjs/common';
import { StorageService } from '../storage/storage.service.js';
import { ProductImagesEvents } from './product-images.events.js';

@Module({ providers: [StorageService, ProductImagesEvents], exports: [StorageService] })
export class ProductsModule {}
