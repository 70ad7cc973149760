import { Migration } from '@mikro-orm/migrations';

/**
 * The stock reservation's rules are the service's again (ADR 065): its changes are guarded
 * statements in one transaction, so the functions of ADR 055 go.
 */
export class Migration20261230000000StockRulesInTypescript extends Migration {
  override name = 'Migration20261230000000StockRulesInTypescript';

  override up(): void {
    this.addSql('drop function if exists stock_reserve(text, text[], integer[], integer, jsonb, jsonb)');
    this.addSql('drop function if exists stock_settle(text, text, jsonb, jsonb)');
  }
}
