import type { z } from 'zod';
import { databaseConfigSchema, type BaseConfig } from '@jalaj/server-kit';

/** The cart service's own variables (its database); bootstrapService adds the base ones and validates them all at boot. */
export const cartConfigSchema = databaseConfigSchema;

/** The cart service's configuration object; inject it with `@InjectConfig()`. */
export type CartConfig = BaseConfig & z.infer<typeof cartConfigSchema>;
