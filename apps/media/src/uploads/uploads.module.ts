import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { AdminTokenService } from '../auth/admin-token.service.js';
import { StorageService } from '../storage/storage.service.js';
import { MediaUpload } from './entities/media-upload.entity.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsRepository } from './uploads.repository.js';
import { UploadsService } from './uploads.service.js';

/** Image uploads (media's internal HTTP), the bucket, the sweep of abandoned uploads. */
@Module({
  imports: [DatabaseModule.forFeature([MediaUpload])],
  controllers: [UploadsController],
  providers: [StorageService, UploadsRepository, UploadsService, AdminTokenService],
  exports: [StorageService, UploadsService],
})
export class UploadsModule {}
