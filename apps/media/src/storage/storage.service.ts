import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Client } from 'minio';
import { getLogger, HealthService, InjectConfig } from '@jalaj/server-kit';
import type { MediaConfig } from '../config.js';

/** The S3-compatible object store (MinIO in clusters, s3rver locally) holding product photos. */
@Injectable()
export class StorageService implements OnModuleInit {
  private readonly log = getLogger('StorageService');
  readonly bucket: string;
  private readonly client: Client;

  constructor(health: HealthService, @InjectConfig() config: MediaConfig) {
    const url = new URL(config.S3_ENDPOINT);
    this.bucket = config.S3_BUCKET;
    this.client = new Client({
      endPoint: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      useSSL: url.protocol === 'https:',
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: true,
    });
    health.register('storage', async () => {
      await this.client.bucketExists(this.bucket);
      return true;
    });
  }

  async onModuleInit() {
    if (!(await this.client.bucketExists(this.bucket))) {
      await this.client.makeBucket(this.bucket).catch(async (e) => {
        // Another replica made it in the meantime.
        if (!(await this.client.bucketExists(this.bucket))) throw e;
      });
      this.log.info({ bucket: this.bucket }, 'bucket created');
    }
  }

  async put(key: string, body: Buffer, contentType: string) {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /** An object's bytes as a stream, with size and etag; null when there is no such object. */
  async get(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number; etag: string } | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const stream = await this.client.getObject(this.bucket, key);
      return { stream, size: stat.size, etag: `"${stat.etag}"` };
    } catch {
      return null;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch {
      return false;
    }
  }

  /** Removes objects; keys already gone are fine (the delete is idempotent). */
  async remove(keys: string[]) {
    if (keys.length) await this.client.removeObjects(this.bucket, keys);
  }
}
