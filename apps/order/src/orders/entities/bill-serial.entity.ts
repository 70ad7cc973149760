import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The last bill-of-supply serial issued in a financial year (`26-27`). Bumped with
 * `insert … on conflict do update … returning` in the transaction that marks an order
 * paid: the row lock orders concurrent payments, and a rolled-back payment rolls its
 * serial back too, so serials are consecutive with no gap or duplicate.
 */
@Entity({ tableName: 'bill_serials' })
export class BillSerial {
  @PrimaryKey({ type: 'text' })
  financialYear!: string;

  @Property({ type: 'integer' })
  lastSerial!: number;
}
