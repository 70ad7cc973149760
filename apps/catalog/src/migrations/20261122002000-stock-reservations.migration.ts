import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002000StockReservations extends Migration {
  override name = 'Migration20261122002000StockReservations';

  override up(): void {
    this.addSql(`create table stock_reservations (
      id text primary key,
      status text not null check (status in ('held', 'committed', 'released')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      settled_at timestamptz
    )`);
    this.addSql("create index stock_reservations_expiry_idx on stock_reservations (expires_at) where status = 'held'");
    this.addSql(`create table stock_reservation_lines (
      reservation_id text not null references stock_reservations (id) on delete cascade,
      product_id text not null,
      quantity integer not null check (quantity > 0),
      primary key (reservation_id, product_id)
    )`);
    this.addSql('create index products_name_idx on products (lower(name))');
  }
}
