import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { ClaimPhotosEvents } from './claim-photos.events.js';

/** Keeps the photos of filed guarantee claims (docs/adr/078). */
@Module({ imports: [UploadsModule], providers: [ClaimPhotosEvents] })
export class ClaimPhotosModule {}
