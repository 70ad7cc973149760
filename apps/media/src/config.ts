import { z } from 'zod';
import { databaseConfigSchema, type BaseConfig } from '@jalaj/server-kit';

/** Media's own variables; bootstrapService adds the base ones and validates them all at boot. */
export const mediaConfigSchema = databaseConfigSchema.extend({
  S3_ENDPOINT: z.url().default('http://127.0.0.1:9000'),
  S3_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  S3_SECRET_KEY: z.string().min(1).default('S3RVER'),
  S3_BUCKET: z.string().min(3).default('photos'),
  S3_REGION: z.string().min(1).default('ap-south-1'),
  /** Draw the demo plants' pictures into the bucket (npm start). */
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('false'),
});

/** Media's configuration object; inject it with `@InjectConfig()`. */
export type MediaConfig = BaseConfig & z.infer<typeof mediaConfigSchema>;
