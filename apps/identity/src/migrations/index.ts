import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261122001000Identity } from './20261122001000-identity.migration.js';
import { Migration20261201001000Es256SigningKeys } from './20261201001000-es256-signing-keys.migration.js';
import { Migration20261210001000MessageHtml } from './20261210001000-message-html.migration.js';
import { Migration20261224002000UsersTabAtScale } from './20261224002000-users-tab-at-scale.migration.js';
import { Migration20261226001000OrderMailOnce } from './20261226001000-order-mail-once.migration.js';
import { Migration20261230001000OrderMailInTheInboxTransaction } from './20261230001000-order-mail-in-the-inbox-transaction.migration.js';

/** The identity service's own migrations, oldest first (the kit's outbox/inbox tables come first). */
export const migrations: Constructor<Migration>[] = [Migration20261122001000Identity, Migration20261201001000Es256SigningKeys, Migration20261210001000MessageHtml, Migration20261224002000UsersTabAtScale, Migration20261226001000OrderMailOnce, Migration20261230001000OrderMailInTheInboxTransaction];
