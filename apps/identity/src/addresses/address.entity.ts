import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A shopper's address (spec §3 Address). At most one default of each kind per user (partial unique indexes). */
@Entity({ tableName: 'user_addresses' })
export class UserAddress {
  @PrimaryKey({ type: 'string' })
  id!: string;

  @Property({ type: 'string' })
  userId!: string;

  @Property({ type: 'string', nullable: true })
  nickname?: string | null;

  @Property({ type: 'string' })
  fullName!: string;

  @Property({ type: 'string' })
  phone!: string;

  @Property({ type: 'string', fieldName: 'address_line_1' })
  addressLine1!: string;

  @Property({ type: 'string', nullable: true, fieldName: 'address_line_2' })
  addressLine2?: string | null;

  @Property({ type: 'string' })
  city!: string;

  @Property({ type: 'string' })
  state!: string;

  @Property({ type: 'string' })
  postalCode!: string;

  @Property({ type: 'string' })
  country!: string;

  @Property({ type: 'string' })
  addressType!: 'shipping' | 'billing' | 'both';

  @Property({ type: 'boolean' })
  isDefaultShipping!: boolean;

  @Property({ type: 'boolean' })
  isDefaultBilling!: boolean;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
