import { BigIntType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The version of what the Orders tab shows, spread over 16 rows (stripes): the version is
 * their sum. Every transaction that changes an order, its lines or its fulfilment steps
 * bumps its stripe once, at commit (triggers, so raw SQL counts too; ADR 021, 058). The
 * order service caches pages and counts under it (`OrderListCache`).
 */
@Entity({ tableName: 'order_list_version' })
export class OrderListVersion {
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  stripe!: number;

  @Property({ type: new BigIntType('string') })
  version!: string;
}
