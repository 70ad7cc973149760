import { Migration } from '@mikro-orm/migrations';

/**
 * The checkout's and the payment decision's rules are the order aggregate's again (ADR
 * 067): the entity is written by the unit of work, the bill serial is one guarded upsert,
 * so the functions of ADR 057 and 060 go. (The kit's command claim functions go with the
 * kit's own migration; the list-version trigger function stays: it only bumps a counter.)
 */
export class Migration20261231000000OrderRulesInTypescript extends Migration {
  override name = 'Migration20261231000000OrderRulesInTypescript';

  override up(): void {
    this.addSql('drop function if exists checkout_claim(text, text, text, text, text, integer)');
    this.addSql('drop function if exists checkout_record(jsonb, jsonb, text, text, jsonb)');
    this.addSql('drop function if exists payment_decided(text, jsonb, jsonb, jsonb)');
  }
}
