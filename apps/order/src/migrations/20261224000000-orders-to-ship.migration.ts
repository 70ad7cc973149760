import { Migration } from '@mikro-orm/migrations';

/**
 * The paid orders waiting to ship (docs/adr/035-todays-figures-and-one-identity.md): the
 * Orders tab's `fulfilment=to-ship` list and the dashboard's count read this small partial
 * index, newest first, instead of the state index's every paid order of a year.
 */
export class Migration20261224000000OrdersToShip extends Migration {
  override name = 'Migration20261224000000OrdersToShip';

  override up(): void {
    this.addSql(
      `create index orders_to_ship_idx on orders (created_at desc, id desc) where archived_at is null and state = 'paid' and (fulfilment_status is null or fulfilment_status in ('processing', 'packed'))`,
    );
  }
}
