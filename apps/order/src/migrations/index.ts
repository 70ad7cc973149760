import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261202000000Orders } from './20261202000000-orders.migration.js';
import { Migration20261210000000OrderHistory } from './20261210000000-order-history.migration.js';
import { Migration20261223000000OrdersTabAtScale } from './20261223000000-orders-tab-at-scale.migration.js';
import { Migration20261224000000OrdersToShip } from './20261224000000-orders-to-ship.migration.js';
import { Migration20261225000000OrderListNotify } from './20261225000000-order-list-notify.migration.js';
import { Migration20261227000000CheckoutInTwoStatements } from './20261227000000-checkout-in-two-statements.migration.js';
import { Migration20261228000000OrderListVersionStriped } from './20261228000000-order-list-version-striped.migration.js';
import { Migration20261229000000PaymentDecided } from './20261229000000-payment-decided.migration.js';
import { Migration20261231000000OrderRulesInTypescript } from './20261231000000-order-rules-in-typescript.migration.js';
import { Migration20270101000000OrderFailedAt } from './20270101000000-order-failed-at.migration.js';
import { Migration20270104000000PartialRefunds } from './20270104000000-partial-refunds.migration.js';
import { Migration20270110000000GuaranteeClaims } from './20270110000000-guarantee-claims.migration.js';
import { Migration20270112000000NeedsAttention } from './20270112000000-needs-attention.migration.js';
import { Migration20270113000000UnbilledOrders } from './20270113000000-unbilled-orders.migration.js';
import { Migration20270114000000OrderCartLines } from './20270114000000-order-cart-lines.migration.js';

/** The order service's own migrations, oldest first (the kit's outbox/inbox tables come first). */
export const migrations: Constructor<Migration>[] = [
  Migration20261202000000Orders,
  Migration20261210000000OrderHistory,
  Migration20261223000000OrdersTabAtScale,
  Migration20261224000000OrdersToShip,
  Migration20261225000000OrderListNotify,
  Migration20261227000000CheckoutInTwoStatements,
  Migration20261228000000OrderListVersionStriped,
  Migration20261229000000PaymentDecided,
  Migration20261231000000OrderRulesInTypescript,
  Migration20270101000000OrderFailedAt,
  Migration20270104000000PartialRefunds,
  Migration20270110000000GuaranteeClaims,
  Migration20270112000000NeedsAttention,
  Migration20270113000000UnbilledOrders,
  Migration20270114000000OrderCartLines,
];
