import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261122004000Cart } from './20261122004000-cart.migration.js';
import { Migration20261223000000CartProducts } from './20261223000000-cart-products.migration.js';
import { Migration20261225000000CartChanges } from './20261225000000-cart-changes.migration.js';
import { Migration20261226000000CartRemoveBought } from './20261226000000-cart-remove-bought.migration.js';
import { Migration20261227000000CartClaimIsTheKitClaim } from './20261227000000-cart-claim-is-the-kit-claim.migration.js';
import { Migration20261228000000CartRulesInTypescript } from './20261228000000-cart-rules-in-typescript.migration.js';

/** The cart service's own migrations, oldest first (the kit's outbox/inbox tables come first). */
export const migrations: Constructor<Migration>[] = [
  Migration20261122004000Cart,
  Migration20261223000000CartProducts,
  Migration20261225000000CartChanges,
  Migration20261226000000CartRemoveBought,
  Migration20261227000000CartClaimIsTheKitClaim,
  Migration20261228000000CartRulesInTypescript,
];
