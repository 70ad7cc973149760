import { Migration } from '@mikro-orm/migrations';

/** Back-in-stock alerts (issue #41, ADR 077): who waits for which out-of-stock product. */
export class Migration20270105000000StockAlerts extends Migration {
  override name = 'Migration20270105000000StockAlerts';

  override up(): void {
    this.addSql(`create table stock_alerts (
      product_id text not null references products (id) on delete cascade,
      user_id text not null,
      created_at timestamptz not null default now(),
      primary key (product_id, user_id)
    )`);
    this.addSql('create index stock_alerts_user_id_idx on stock_alerts (user_id, created_at)');
  }
}
