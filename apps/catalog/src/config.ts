import { z } from 'zod';
import { databaseConfigSchema, type BaseConfig } from '@jalaj/server-kit';

/** The catalog's own variables; bootstrapService adds the base ones and validates them all at boot. */
export const catalogConfigSchema = databaseConfigSchema.extend({
  /** Seed the demo catalogue when the shop is empty (npm start). */
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('false'),
});

/** The catalog's configuration object; inject it with `@InjectConfig()`. */
export type CatalogConfig = BaseConfig & z.infer<typeof catalogConfigSchema>;
