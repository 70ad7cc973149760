import { Migration } from '@mikro-orm/migrations';

/** The cart's copy of catalogue facts (ADR 023): a cart read is one query, no call to catalog. */
export class Migration20261223000000CartProducts extends Migration {
  override name = 'Migration20261223000000CartProducts';

  override up(): void {
    this.addSql(`create table cart_products (
      product_id text primary key,
      name text not null,
      price_paise integer not null,
      image_url text null,
      stock_quantity integer not null,
      deleted boolean not null default false,
      facts_at timestamptz not null,
      stock_at timestamptz not null
    )`);
  }
}
