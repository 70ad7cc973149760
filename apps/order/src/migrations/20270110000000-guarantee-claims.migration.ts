import { Migration } from '@mikro-orm/migrations';

/** Every column of `orders` whose change the Orders tab shows (ADR 058): all but the reconciler's bookkeeping. */
const LISTED = `id, merchant_order_id, user_id, state, subtotal_paise,
    shipping_paise, total_paise, shipping_address_id, shipping_address, billing_address_id, billing_address, checkout_hash,
    reservation_id, phonepe_order_id, redirect_url, transaction_id, payment_mode, error_code, error_message, reported_amount_paise,
    expires_at, paid_at, created_at, order_number, bill_number, fulfilment_status, archived_at, archived_by, failed_at, refunded_paise,
    replacement_of_id, replacement_of_merchant_order_id`;

/**
 * The 30-day guarantee as replacement orders (docs/adr/078-guarantee-claims-as-replacement-orders.md):
 * a shopper's claims on an order (`guarantee_claims`, part of the order aggregate, bumping the
 * Orders tab's list version like the order's other parts), and the replacement order an
 * approval makes: the state `replacement` (no payment, no sale, shipped), and the order it
 * replaces. The orders to ship include replacements.
 */
export class Migration20270110000000GuaranteeClaims extends Migration {
  override name = 'Migration20270110000000GuaranteeClaims';

  override up(): void {
    this.addSql(`create table guarantee_claims (
      id text primary key,
      order_id text not null,
      state text not null,
      lines jsonb not null,
      description text not null,
      photo_ids jsonb not null,
      decided_by text,
      decided_at timestamptz,
      decline_reason text,
      replacement_order_id text,
      replacement_merchant_order_id text,
      created_at timestamptz not null default now(),
      constraint guarantee_claims_order_id_fkey foreign key (order_id) references orders (id) on delete cascade,
      constraint guarantee_claims_state_check check (state in ('pending', 'approved', 'declined'))
    )`);
    this.addSql('create index guarantee_claims_order_idx on guarantee_claims (order_id, created_at)');
    this.addSql("create index guarantee_claims_waiting_idx on guarantee_claims (order_id) where state = 'pending'");
    this.addSql(`create constraint trigger guarantee_claims_list_changed after insert or update or delete on guarantee_claims
      deferrable initially deferred for each row execute function order_list_changed()`);

    this.addSql('alter table orders add column replacement_of_id text, add column replacement_of_merchant_order_id text');
    this.addSql(`alter table orders drop constraint orders_state_check,
      add constraint orders_state_check check (state in ('pending', 'paid', 'failed', 'held', 'refund_pending', 'partly_refunded', 'refunded', 'replacement'))`);
    this.addSql('drop trigger orders_list_updated on orders');
    this.addSql(`create constraint trigger orders_list_updated after update of ${LISTED} on orders
      deferrable initially deferred for each row execute function order_list_changed()`);

    this.addSql('drop index orders_to_ship_idx');
    this.addSql(
      `create index orders_to_ship_idx on orders (created_at desc, id desc) where archived_at is null and state in ('paid', 'partly_refunded', 'replacement') and (fulfilment_status is null or fulfilment_status in ('processing', 'packed'))`,
    );
  }
}
