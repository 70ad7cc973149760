import { Migration } from '@mikro-orm/migrations';

/**
 * An order records the cart lines it was made of: paid, it takes its quantities out of
 * those lines only, so a line the shopper added after giving up on the payment stays in
 * the cart (docs/adr/086-a-late-payment-and-the-cart.md). Orders placed before have none.
 */
export class Migration20270114000000OrderCartLines extends Migration {
  override name = 'Migration20270114000000OrderCartLines';

  override up(): void {
    this.addSql("alter table orders add column cart_line_ids text[] not null default '{}'");
  }

  override down(): void {
    this.addSql('alter table orders drop column cart_line_ids');
  }
}
