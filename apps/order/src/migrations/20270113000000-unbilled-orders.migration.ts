import { Migration } from '@mikro-orm/migrations';

/**
 * A sold order's bill number is issued by a statement of its own right after the sale
 * commits (docs/adr/085-the-bill-number-after-the-sale.md); the reconciler claims a sold
 * order still without one. This small partial index finds them: normally none, for a
 * moment one per sale.
 */
export class Migration20270113000000UnbilledOrders extends Migration {
  override name = 'Migration20270113000000UnbilledOrders';

  override up(): void {
    this.addSql('create index orders_unbilled_idx on orders (id) where paid_at is not null and bill_number is null');
  }

  override down(): void {
    this.addSql('drop index orders_unbilled_idx');
  }
}
