import { Migration } from '@mikro-orm/migrations';
import { ORDERS_LISTED_COLUMNS } from './20261228000000-order-list-version-striped.migration.js';

/**
 * When an order's payment failed, for the shopper's order history (issue #38, item 11). The
 * Orders tab's list version follows every shown column (ADR 058): the trigger names it too.
 */
export class Migration20270101000000OrderFailedAt extends Migration {
  override name = 'Migration20270101000000OrderFailedAt';

  override up(): void {
    this.addSql('alter table orders add column failed_at timestamptz');
    this.addSql('drop trigger orders_list_updated on orders');
    this.addSql(`create constraint trigger orders_list_updated after update of ${[...ORDERS_LISTED_COLUMNS, 'failed_at'].join(', ')} on orders
      deferrable initially deferred for each row execute function order_list_changed()`);
  }
}
