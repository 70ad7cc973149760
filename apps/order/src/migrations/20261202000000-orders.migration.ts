import { Migration } from '@mikro-orm/migrations';

/** Orders and their lines: the checkout saga's state (docs/adr/018-checkout-saga.md). */
export class Migration20261202000000Orders extends Migration {
  override name = 'Migration20261202000000Orders';

  override up(): void {
    this.addSql(`create table orders (
      id text primary key,
      merchant_order_id text not null,
      user_id text not null,
      state text not null,
      subtotal_paise bigint not null,
      shipping_paise bigint not null,
      total_paise bigint not null,
      shipping_address_id text not null,
      shipping_address jsonb not null,
      billing_address_id text not null,
      billing_address jsonb not null,
      checkout_hash text not null,
      reservation_id text not null,
      phonepe_order_id text,
      redirect_url text,
      transaction_id text,
      payment_mode text,
      error_code text,
      error_message text,
      reported_amount_paise bigint,
      expires_at timestamptz not null,
      next_check_at timestamptz,
      check_count integer not null default 0,
      paid_at timestamptz,
      merchant_refund_id text,
      refund_paise bigint,
      refund_state text,
      refund_requested_at timestamptz,
      refunded_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint orders_state_check check (state in ('pending', 'paid', 'failed', 'held', 'refund_pending', 'refunded'))
    )`);
    this.addSql('create unique index orders_merchant_order_id_key on orders (merchant_order_id)');
    this.addSql('create unique index orders_merchant_refund_id_key on orders (merchant_refund_id)');
    this.addSql('create index orders_user_idx on orders (user_id, created_at desc)');
    this.addSql('create index orders_next_check_idx on orders (next_check_at) where next_check_at is not null');
    this.addSql(`create table order_lines (
      order_id text not null references orders (id) on delete cascade,
      product_id text not null,
      position integer not null,
      product_name text not null,
      image_url text,
      quantity integer not null check (quantity > 0),
      unit_price_paise bigint not null,
      discount_percent integer not null,
      discounted_unit_price_paise bigint not null,
      line_total_paise bigint not null,
      primary key (order_id, product_id)
    )`);
  }
}
