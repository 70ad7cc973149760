import { Migration20261122000100Products } from './20261122000100-products.migration.js';
import { Migration20261122002000StockReservations } from './20261122002000-stock-reservations.migration.js';

/** The catalog's migrations, oldest first. */
export const migrations = [Migration20261122000100Products, Migration20261122002000StockReservations];
