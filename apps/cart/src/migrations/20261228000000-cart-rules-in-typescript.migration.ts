import { Migration } from '@mikro-orm/migrations';

/**
 * The cart's rules are TypeScript again, its writes single guarded statements in the
 * unit of work's transaction (ADR 064): the change functions of ADR 050 and 056 go. The
 * kit's `command_claim` and `command_keep_reply` stay: the order service's payment start
 * still calls them (ADR 057) until it moves too. Outcomes those functions kept in
 * `command_log` are still answered by the cart (cart-changes.ts, `keptOutcome`) until the
 * log's pruning removes them.
 */
export class Migration20261228000000CartRulesInTypescript extends Migration {
  override name = 'Migration20261228000000CartRulesInTypescript';

  override up(): void {
    this.addSql('drop function if exists cart_add(text, text, integer, text, text, text, text)');
    this.addSql('drop function if exists cart_set_quantity(text, text, integer, text, text, text)');
    this.addSql('drop function if exists cart_remove(text, text, text, text, text)');
    this.addSql('drop function if exists cart_remove_bought(text, text, text, text, text[], integer[])');
    this.addSql('drop function if exists cart_claim(text, text, text)');
    this.addSql('drop function if exists cart_keep_outcome(text, text, jsonb)');
    this.addSql('drop function if exists cart_lines_json(text)');
  }
}
