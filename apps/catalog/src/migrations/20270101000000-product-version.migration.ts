import { Migration } from '@mikro-orm/migrations';

/** A product's edit version, which a stale admin save is refused against (issue #38). */
export class Migration20270101000000ProductVersion extends Migration {
  override name = 'Migration20270101000000ProductVersion';

  override up(): void {
    this.addSql('alter table products add column version integer not null default 1');
  }
}
