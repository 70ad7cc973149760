import { Migration } from '@mikro-orm/migrations';

/**
 * The orders' list version is also announced (docs/adr/046-orders-tab-in-the-bff.md): the
 * trigger function that bumps it at commit notifies `order_list_changed` with the new
 * version, which the order service passes on to the BFFs as a change hint. A notification
 * is delivered when its transaction commits, and never when it rolls back.
 */
export class Migration20261225000000OrderListNotify extends Migration {
  override name = 'Migration20261225000000OrderListNotify';

  override up(): void {
    this.addSql(`create or replace function order_list_changed() returns trigger language plpgsql as $$
      declare
        bumped bigint;
      begin
        if current_setting('jalaj.order_list_bumped', true) is distinct from txid_current()::text then
          update order_list_version set version = version + 1 where id = 'orders' returning version into bumped;
          perform pg_notify('order_list_changed', bumped::text);
          perform set_config('jalaj.order_list_bumped', txid_current()::text, true);
        end if;
        return null;
      end
    $$`);
  }
}
