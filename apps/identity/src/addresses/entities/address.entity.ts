import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../../accounts/entities/user.entity.js';

/** A shopper's address (spec §3 Address). At most one default of each kind per user (partial unique indexes). */
@Entity({ tableName: 'user_addresses' })
// A default of a kind is an address of that kind (the migration's unnamed table checks).
@Check({ name: 'user_addresses_check', expression: "not is_default_shipping or address_type in ('shipping', 'both')" })
@Check({ name: 'user_addresses_check1', expression: "not is_default_billing or address_type in ('billing', 'both')" })
@Index({ name: 'user_addresses_user_idx', expression: 'create index user_addresses_user_idx on user_addresses (user_id, created_at desc)' })
// One default of each kind per user, enforced by the database itself.
@Unique({ name: 'user_addresses_default_shipping_key', expression: 'create unique index user_addresses_default_shipping_key on user_addresses (user_id) where is_default_shipping' })
@Unique({ name: 'user_addresses_default_billing_key', expression: 'create unique index user_addresses_default_billing_key on user_addresses (user_id) where is_default_billing' })
export class UserAddress {
  @PrimaryKey({ type: 'text' })
  id!: string;

  /** The owner; the id (`mapToPk`), with the deployed DEFERRABLE INITIALLY DEFERRED foreign key. */
  @ManyToOne(() => User, { mapToPk: true, fieldName: 'user_id', deleteRule: 'cascade', deferMode: 'deferred', foreignKeyName: 'user_addresses_user_id_fkey' })
  userId!: string;

  @Property({ type: 'text', nullable: true })
  nickname?: string | null;

  @Property({ type: 'text' })
  fullName!: string;

  @Property({ type: 'text' })
  phone!: string;

  @Property({ type: 'text', fieldName: 'address_line_1' })
  addressLine1!: string;

  @Property({ type: 'text', nullable: true, fieldName: 'address_line_2' })
  addressLine2?: string | null;

  @Property({ type: 'text' })
  city!: string;

  @Property({ type: 'text' })
  state!: string;

  @Property({ type: 'text' })
  @Check({ name: 'user_addresses_postal_code_check', expression: "postal_code ~ '^[0-9]{6}$'" })
  postalCode!: string;

  @Property({ type: 'text', default: 'India' })
  country!: string;

  @Property({ type: 'text' })
  @Check({ name: 'user_addresses_address_type_check', expression: "address_type in ('shipping', 'billing', 'both')" })
  addressType!: 'shipping' | 'billing' | 'both';

  @Property({ type: 'boolean', default: false })
  isDefaultShipping!: boolean;

  @Property({ type: 'boolean', default: false })
  isDefaultBilling!: boolean;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Date;
}
