import { Migration } from '@mikro-orm/migrations';

/** How many rows the orders' list version is spread over (ADR 058). */
const ORDER_LIST_STRIPES = 16;

/** The columns of `orders` whose change the Orders tab shows: all but the reconciler's bookkeeping. */
export const ORDERS_LISTED_COLUMNS = [
  'id',
  'merchant_order_id',
  'user_id',
  'state',
  'subtotal_paise',
  'shipping_paise',
  'total_paise',
  'shipping_address_id',
  'shipping_address',
  'billing_address_id',
  'billing_address',
  'checkout_hash',
  'reservation_id',
  'phonepe_order_id',
  'redirect_url',
  'transaction_id',
  'payment_mode',
  'error_code',
  'error_message',
  'reported_amount_paise',
  'expires_at',
  'paid_at',
  'merchant_refund_id',
  'refund_paise',
  'refund_state',
  'refund_requested_at',
  'refunded_at',
  'created_at',
  'order_number',
  'bill_number',
  'fulfilment_status',
  'archived_at',
  'archived_by',
  'refund_reason',
  'refund_by',
];

/**
 * The orders' list version without a queue at commit (docs/adr/058-a-list-version-without-a-queue.md).
 * - The version is the sum of 16 rows, and a transaction bumps the row of its transaction
 *   id's stripe: concurrent writers (consecutive ids) bump different rows, where before
 *   every order transaction took the one row's lock and held it through its commit. The
 *   sum only grows, and each bump becomes visible with the change it counts.
 * - No `pg_notify` at commit: PostgreSQL serialises the commits of every transaction that
 *   notifies (one lock for the whole cluster's notification queue). The order service reads
 *   the version a few times a second instead and passes a change on (`OrderListHints`).
 * - An order's update bumps the version when it sets a column the Orders tab shows: every
 *   column but the reconciler's bookkeeping (`next_check_at`, `check_count`, `updated_at`),
 *   named in the trigger (`update of`), instead of comparing the whole row as JSON on every
 *   update. `migrations.int-spec.ts` checks the list against the table's columns.
 */
export class Migration20261228000000OrderListVersionStriped extends Migration {
  override name = 'Migration20261228000000OrderListVersionStriped';

  override up(): void {
    this.addSql(`create table order_list_version_striped (stripe smallint primary key, version bigint not null)`);
    // The sum starts where the one row was, so a version never goes back.
    this.addSql(`insert into order_list_version_striped (stripe, version)
      select s, case when s = 0 then coalesce((select version from order_list_version where id = 'orders'), 0) else 0 end
        from generate_series(0, ${ORDER_LIST_STRIPES - 1}) s`);
    this.addSql('drop table order_list_version');
    this.addSql('alter table order_list_version_striped rename to order_list_version');
    this.addSql('alter index order_list_version_striped_pkey rename to order_list_version_pkey');
    this.addSql(`create or replace function order_list_changed() returns trigger language plpgsql as $$
      begin
        if current_setting('jalaj.order_list_bumped', true) is distinct from txid_current()::text then
          update order_list_version set version = version + 1 where stripe = txid_current() % ${ORDER_LIST_STRIPES};
          perform set_config('jalaj.order_list_bumped', txid_current()::text, true);
        end if;
        return null;
      end
    $$`);
    this.addSql('drop trigger orders_list_updated on orders');
    this.addSql(`create constraint trigger orders_list_updated after update of ${ORDERS_LISTED_COLUMNS.join(', ')} on orders
      deferrable initially deferred for each row execute function order_list_changed()`);
  }
}
