import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261122003000Uploads } from './20261122003000-uploads.migration.js';

/** The media service's own migrations, oldest first (the kit's outbox/inbox tables come first). */
export const migrations: Constructor<Migration>[] = [Migration20261122003000Uploads];
