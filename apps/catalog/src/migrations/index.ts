import { Migration20261122000100Products } from './20261122000100-products.migration.js';

/** The catalog's migrations, oldest first. */
export const migrations = [Migration20261122000100Products];
