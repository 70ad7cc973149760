import { z } from 'zod';
import { MAX_INT4 } from '@jalaj/contracts';
import { databaseConfigSchema, type BaseConfig } from '@jalaj/server-kit';

/** The catalog's own variables; bootstrapService adds the base ones and validates them all at boot. */
export const catalogConfigSchema = databaseConfigSchema.extend({
  /** Seed the demo catalogue when the shop is empty (npm start). */
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('false'),
  /** Stock at or under this is low: the Products tab's badge and its "Low stock" filter. */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(MAX_INT4).default(5),
});

/** The catalog's configuration object; inject it with `@InjectConfig()`. */
export type CatalogConfig = BaseConfig & z.infer<typeof catalogConfigSchema>;
