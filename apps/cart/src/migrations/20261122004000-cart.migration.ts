import { Migration } from '@mikro-orm/migrations';

export class Migration20261122004000Cart extends Migration {
  override name = 'Migration20261122004000Cart';

  override up(): void {
    this.addSql(`create table cart_items (
      id text primary key,
      user_id text not null,
      product_id text not null,
      quantity integer not null check (quantity > 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    // One line per product: two tabs adding at once merge into it instead of making two.
    this.addSql('create unique index cart_items_user_product_key on cart_items (user_id, product_id)');
    this.addSql('create index cart_items_user_idx on cart_items (user_id, created_at desc)');
  }
}
