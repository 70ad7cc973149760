import { Migration } from '@mikro-orm/migrations';

/**
 * A product's last change (issue #40): the sitemap gives search engines each product page's
 * `lastmod`. Existing products start from their creation.
 */
export class Migration20270105000000ProductUpdatedAt extends Migration {
  override name = 'Migration20270105000000ProductUpdatedAt';

  override up(): void {
    this.addSql('alter table products add column updated_at timestamptz not null default now()');
    this.addSql('update products set updated_at = created_at');
  }
}
