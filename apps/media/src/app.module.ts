import { Module } from '@nestjs/common';
import { pingController, ServiceKitModule } from '@jalaj/server-kit';
import { ClaimPhotosModule } from './claim-photos/claim-photos.module.js';
import { migrations } from './migrations/index.js';
import { ProductImagesModule } from './product-images/product-images.module.js';
import { UploadsModule } from './uploads/uploads.module.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'media', database: { migrations } }), UploadsModule, ProductImagesModule, ClaimPhotosModule],
  controllers: [pingController('media')],
})
export class AppModule {}
