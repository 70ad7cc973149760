import { Module } from '@nestjs/common';
import { StorageService } from '../storage/storage.service.js';
import { UploadsController } from '../uploads/uploads.controller.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { ProductImagesEvents } from './product-images.events.js';

@Module({ controllers: [UploadsController], providers: [StorageService, UploadsService, ProductImagesEvents], exports: [StorageService] })
export class ProductsModule {}
