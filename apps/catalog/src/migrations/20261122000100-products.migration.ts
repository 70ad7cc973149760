import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100Products extends Migration {
  override name = 'Migration20261122000100Products';

  override up(): void {
    this.addSql(`create table products (
      id text primary key,
      name text not null,
      description text not null default '',
      price numeric(10,2) not null check (price >= 0),
      stock_quantity integer not null default 0 check (stock_quantity >= 0),
      category text not null default 'aquatic_plant',
      image_urls jsonb not null default '[]'::jsonb,
      plant_difficulty text,
      co2_requirement text,
      light_requirement text,
      carbonate_hardness_kh text,
      general_hardness_gh text,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index products_created_at_idx on products (created_at, id)');
  }
}
