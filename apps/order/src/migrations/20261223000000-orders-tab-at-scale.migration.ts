import { Migration } from '@mikro-orm/migrations';

/**
 * The Orders tab at 100,000 orders (docs/adr/021-orders-tab-at-scale.md): indexes for the
 * default list (not archived, newest first), so its pages and counts read an index only;
 * and the orders' list version, bumped in every transaction that changes what the tab
 * shows, which keys the order service's cache of pages and counts.
 */
export class Migration20261223000000OrdersTabAtScale extends Migration {
  override name = 'Migration20261223000000OrdersTabAtScale';

  override up(): void {
    // The default list and its filters, not archived, in the list's order (id breaks ties).
    this.addSql('create index orders_listed_idx on orders (created_at desc, id desc) where archived_at is null');
    this.addSql('create index orders_listed_state_idx on orders (state, created_at desc, id desc) where archived_at is null');
    this.addSql('create index orders_listed_fulfilment_idx on orders (fulfilment_status, state, created_at desc, id desc) where archived_at is null');
    // Superseded by the two above (archived orders have their own index).
    this.addSql('drop index orders_state_created_idx');
    this.addSql('drop index orders_fulfilment_created_idx');

    this.addSql('create table order_list_version (id text primary key, version bigint not null)');
    this.addSql(`insert into order_list_version (id, version) values ('orders', 0)`);
    // Bumps the version once per transaction, at its commit (a deferred constraint trigger):
    // the row lock is taken last and held only while committing, so writers queue briefly
    // at commit and can never deadlock on it, and the new version becomes visible together
    // with the change itself.
    this.addSql(`create function order_list_changed() returns trigger language plpgsql as $$
      begin
        if current_setting('jalaj.order_list_bumped', true) is distinct from txid_current()::text then
          update order_list_version set version = version + 1 where id = 'orders';
          perform set_config('jalaj.order_list_bumped', txid_current()::text, true);
        end if;
        return null;
      end
    $$`);
    // The reconciler's bookkeeping (next_check_at, check_count) changes nothing the tab shows.
    this.addSql(`create constraint trigger orders_list_changed after insert or delete on orders
      deferrable initially deferred for each row execute function order_list_changed()`);
    this.addSql(`create constraint trigger orders_list_updated after update on orders
      deferrable initially deferred for each row
      when ((to_jsonb(old) - array['next_check_at', 'check_count', 'updated_at']) is distinct from (to_jsonb(new) - array['next_check_at', 'check_count', 'updated_at']))
      execute function order_list_changed()`);
    this.addSql(`create constraint trigger order_lines_list_changed after insert or update or delete on order_lines
      deferrable initially deferred for each row execute function order_list_changed()`);
    this.addSql(`create constraint trigger order_fulfilment_events_list_changed after insert or update or delete on order_fulfilment_events
      deferrable initially deferred for each row execute function order_list_changed()`);
  }
}
