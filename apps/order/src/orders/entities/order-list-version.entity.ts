import { BigIntType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The version of what the Orders tab shows (one row, `orders`): bumped once, at commit, by
 * every transaction that changes an order, its lines or its fulfilment steps (triggers of
 * the orders-tab-at-scale migration, so raw SQL counts too). The order service caches pages
 * and counts under it (`OrderListCache`, docs/adr/021-orders-tab-at-scale.md).
 */
@Entity({ tableName: 'order_list_version' })
export class OrderListVersion {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: new BigIntType('string') })
  version!: string;
}
