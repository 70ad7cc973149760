import { Migration } from '@mikro-orm/migrations';

/**
 * Orders after checkout (docs/adr/019-orders-bills-and-fulfilment.md): the order number
 * (searchable), the bill of supply's serial, the fulfilment steps, archive marks and the
 * refund's reason; indexes for the Orders tab's filters over 100,000 orders.
 */
export class Migration20261210000000OrderHistory extends Migration {
  override name = 'Migration20261210000000OrderHistory';

  override up(): void {
    this.addSql(`alter table orders
      add column order_number text,
      add column bill_number text,
      add column fulfilment_status text,
      add column archived_at timestamptz,
      add column archived_by text,
      add column refund_reason text,
      add column refund_by text`);
    // The spec's order number (§9): the part of `MO<digits>_…` before the underscore, without MO, its last 8 characters.
    this.addSql(`update orders set order_number = case when merchant_order_id like 'MO%' then right(substr(split_part(merchant_order_id, '_', 1), 3), 8) else left(merchant_order_id, 8) end`);
    this.addSql(`update orders set refund_reason = 'stock-gone' where merchant_refund_id is not null`);
    this.addSql('alter table orders alter column order_number set not null');
    this.addSql(`alter table orders add constraint orders_fulfilment_status_check check (fulfilment_status in ('processing', 'packed', 'shipped', 'delivered', 'cancelled'))`);
    this.addSql('create unique index orders_bill_number_key on orders (bill_number)');
    // text_pattern_ops: the Orders tab finds an order by the beginning of its number (LIKE 'ab12%') under any collation.
    this.addSql('create index orders_order_number_idx on orders (order_number text_pattern_ops)');
    this.addSql('create index orders_created_idx on orders (created_at desc, id desc)');
    this.addSql('create index orders_state_created_idx on orders (state, created_at desc)');
    this.addSql('create index orders_fulfilment_created_idx on orders (fulfilment_status, created_at desc)');
    this.addSql('create index orders_archived_idx on orders (archived_at desc) where archived_at is not null');
    this.addSql(`create table order_fulfilment_events (
      id text primary key,
      order_id text not null references orders (id) on delete cascade,
      status text not null,
      courier text,
      tracking_number text,
      note text,
      created_by text not null,
      created_at timestamptz not null default now(),
      constraint order_fulfilment_events_status_check check (status in ('processing', 'packed', 'shipped', 'delivered', 'cancelled'))
    )`);
    this.addSql('create index order_fulfilment_events_order_idx on order_fulfilment_events (order_id, created_at)');
    // One row per financial year: the last serial issued, bumped in the paid transaction (gap-free).
    this.addSql(`create table bill_serials (
      financial_year text primary key,
      last_serial integer not null
    )`);
  }
}
