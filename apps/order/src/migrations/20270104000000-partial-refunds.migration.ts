import { Migration } from '@mikro-orm/migrations';
import { ORDERS_LISTED_COLUMNS } from './20261228000000-order-list-version-striped.migration.js';

/** The one-refund columns of `orders` that `order_refunds` replaces. */
const ONE_REFUND_COLUMNS = ['merchant_refund_id', 'refund_paise', 'refund_state', 'refund_requested_at', 'refunded_at', 'refund_reason', 'refund_by'];

/**
 * Partial refunds (docs/adr/074-partial-refunds.md): an order may have several refunds, each
 * its own row with its own PhonePe refund id, and `refunded_paise` on the order is their sum,
 * claimed by one guarded statement and checked never to pass the total. The state
 * `partly_refunded` is a sale: the orders to ship include it. Each order's one refund moves
 * into `order_refunds`; one that gave back less than the total leaves the order partly
 * refunded (it was marked refunded in all before). The Orders tab's list version follows
 * every shown column (ADR 058): the trigger names the new one, and the refunds' table bumps it too.
 */
export class Migration20270104000000PartialRefunds extends Migration {
  override name = 'Migration20270104000000PartialRefunds';

  override up(): void {
    this.addSql(`create table order_refunds (
      id text primary key,
      order_id text not null references orders (id) on delete cascade,
      merchant_refund_id text not null,
      amount_paise bigint not null,
      reason text not null,
      refund_by text,
      provider_state text,
      requested_at timestamptz,
      refunded_at timestamptz,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create unique index order_refunds_merchant_refund_id_key on order_refunds (merchant_refund_id)');
    this.addSql('create index order_refunds_order_idx on order_refunds (order_id, created_at)');
    this.addSql(`create constraint trigger order_refunds_list_changed after insert or update or delete on order_refunds
      deferrable initially deferred for each row execute function order_list_changed()`);
    this.addSql(`insert into order_refunds (id, order_id, merchant_refund_id, amount_paise, reason, refund_by, provider_state, requested_at, refunded_at, created_at)
      select 'rfd_' || id, id, merchant_refund_id, coalesce(refund_paise, total_paise), coalesce(refund_reason, 'stock-gone'), refund_by, refund_state,
             refund_requested_at, refunded_at, coalesce(refund_requested_at, updated_at)
        from orders where merchant_refund_id is not null`);

    this.addSql('alter table orders add column refunded_paise bigint not null default 0');
    this.addSql('update orders o set refunded_paise = r.amount_paise from order_refunds r where r.order_id = o.id');
    this.addSql(`alter table orders drop constraint orders_state_check,
      add constraint orders_state_check check (state in ('pending', 'paid', 'failed', 'held', 'refund_pending', 'partly_refunded', 'refunded')),
      add constraint orders_refunded_paise_check check (refunded_paise >= 0 and refunded_paise <= total_paise)`);
    this.addSql(`update orders set state = 'partly_refunded' where state in ('refund_pending', 'refunded') and refunded_paise > 0 and refunded_paise < total_paise`);

    this.addSql('drop trigger orders_list_updated on orders');
    this.addSql(`alter table orders ${ONE_REFUND_COLUMNS.map((c) => `drop column ${c}`).join(', ')}`);
    const listed = [...ORDERS_LISTED_COLUMNS.filter((c) => !ONE_REFUND_COLUMNS.includes(c)), 'failed_at', 'refunded_paise'];
    this.addSql(`create constraint trigger orders_list_updated after update of ${listed.join(', ')} on orders
      deferrable initially deferred for each row execute function order_list_changed()`);

    this.addSql('drop index orders_to_ship_idx');
    this.addSql(
      `create index orders_to_ship_idx on orders (created_at desc, id desc) where archived_at is null and state in ('paid', 'partly_refunded') and (fulfilment_status is null or fulfilment_status in ('processing', 'packed'))`,
    );
  }
}
