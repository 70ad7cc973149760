import { Migration } from '@mikro-orm/migrations';

/**
 * Stock history (issue #42, ADR 080): every change of a product's stock, written by the
 * statement that makes it. Each product's history opens with the stock it has now, so from
 * here its stock is always the sum of its changes; reservations keep the order they hold
 * plants for, which names the sale and the release in the history.
 */
export class Migration20270111000000StockHistory extends Migration {
  override name = 'Migration20270111000000StockHistory';

  override up(): void {
    this.addSql(`create table stock_changes (
      id bigserial primary key,
      product_id text not null references products (id) on delete cascade,
      cause text not null,
      change integer not null,
      stock_after integer not null,
      reservation_id text null,
      actor_id text null,
      note text null,
      created_at timestamptz not null default now(),
      constraint stock_changes_cause_check check (cause in ('opening', 'created', 'edit', 'adjustment', 'sale', 'release', 'expiry')),
      constraint stock_changes_change_check check (change <> 0 or cause = 'opening'),
      constraint stock_changes_stock_after_check check (stock_after >= 0)
    )`);
    this.addSql('create index stock_changes_product_id_idx on stock_changes (product_id, id)');
    this.addSql('alter table stock_reservations add column order_number text null');
    this.addSql("insert into stock_changes (product_id, cause, change, stock_after) select id, 'opening', stock_quantity, stock_quantity from products order by created_at, id");
  }
}
