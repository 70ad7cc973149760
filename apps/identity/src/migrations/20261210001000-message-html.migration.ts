import { Migration } from '@mikro-orm/migrations';

/** A mail may carry an HTML part beside its plain text (order confirmations, refunds). */
export class Migration20261210001000MessageHtml extends Migration {
  override name = 'Migration20261210001000MessageHtml';

  override up(): void {
    this.addSql('alter table messages add column html text');
  }
}
