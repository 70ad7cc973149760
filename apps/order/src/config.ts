import type { z } from 'zod';
import { databaseConfigSchema, type BaseConfig } from '@jalaj/server-kit';

/** The order service's own variables (its database); bootstrapService adds the base ones and validates them all at boot. */
export const orderConfigSchema = databaseConfigSchema;

/** The order service's configuration object; inject it with `@InjectConfig()`. */
export type OrderConfig = BaseConfig & z.infer<typeof orderConfigSchema>;
