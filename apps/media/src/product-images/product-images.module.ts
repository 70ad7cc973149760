import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { ProductImagesEvents } from './product-images.events.js';

/** Keeps the bucket in step with the catalogue's product events. */
@Module({ imports: [UploadsModule], providers: [ProductImagesEvents] })
export class ProductImagesModule {}
