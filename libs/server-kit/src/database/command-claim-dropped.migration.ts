import { Migration } from '@mikro-orm/migrations';

/**
 * Every command claims and keeps its reply in TypeScript (`CommandLog`, the statements of
 * command-log-sql.ts; ADR 064, 067): the kit's SQL functions of the command claim go.
 */
export class Migration20261231100000CommandClaimDropped extends Migration {
  override name = 'Migration20261231100000CommandClaimDropped';

  override up(): void {
    this.addSql('drop function if exists command_claim(text, text, text)');
    this.addSql('drop function if exists command_keep_reply(text, text, jsonb)');
  }
}
