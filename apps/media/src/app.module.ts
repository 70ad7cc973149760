import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { migrations } from './migrations/index.js';
import { ProductImagesModule } from './product-images/product-images.module.js';
import { UploadsModule } from './uploads/uploads.module.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'media', database: { migrations } }), UploadsModule, ProductImagesModule],
  controllers: [pingController('media')],
})
export class AppModule {}
