import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';

/** The order service's own migrations, oldest first (the kit's outbox/inbox tables come first). */
export const migrations: Constructor<Migration>[] = [];
