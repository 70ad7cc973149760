import { Migration20261122000100Products } from './20261122000100-products.migration.js';
import { Migration20261122002000StockReservations } from './20261122002000-stock-reservations.migration.js';
import { Migration20261226000000StockInOneStatement } from './20261226000000-stock-in-one-statement.migration.js';
import { Migration20261230000000StockRulesInTypescript } from './20261230000000-stock-rules-in-typescript.migration.js';
import { Migration20270101000000ProductVersion } from './20270101000000-product-version.migration.js';
import { Migration20270105000000StockAlerts } from './20270105000000-stock-alerts.migration.js';
import { Migration20270105000000ProductUpdatedAt } from './20270105000000-product-updated-at.migration.js';
import { Migration20270111000000StockHistory } from './20270111000000-stock-history.migration.js';

/** The catalog's migrations, oldest first. */
export const migrations = [
  Migration20261122000100Products,
  Migration20261122002000StockReservations,
  Migration20261226000000StockInOneStatement,
  Migration20261230000000StockRulesInTypescript,
  Migration20270101000000ProductVersion,
  Migration20270105000000StockAlerts,
  Migration20270105000000ProductUpdatedAt,
  Migration20270111000000StockHistory,
];
