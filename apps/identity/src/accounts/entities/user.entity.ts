import { Check, Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/** An account and its profile (spec §3 Profile and User). */
@Entity({ tableName: 'users' })
// Accounts started with a phone code have no email until they add one.
@Check({ name: 'users_email_or_phone', expression: 'email is not null or phone is not null' })
@Unique({ name: 'users_email_key', expression: 'create unique index users_email_key on users (lower(email))' })
@Unique({ name: 'users_phone_key', expression: 'create unique index users_phone_key on users (phone) where phone is not null' })
// The Users tab (docs/adr/034-users-tab-at-scale.md): newest first with the id breaking ties, and
// trigram indexes (pg_trgm) for the case-insensitive search anywhere in the email or the name.
@Index({ name: 'users_listed_idx', expression: 'create index users_listed_idx on users (created_at desc, id desc)' })
@Index({ name: 'users_email_trgm_idx', expression: 'create index users_email_trgm_idx on users using gin (email gin_trgm_ops)' })
@Index({ name: 'users_full_name_trgm_idx', expression: 'create index users_full_name_trgm_idx on users using gin (full_name gin_trgm_ops)' })
export class User {
  @PrimaryKey({ type: 'text' })
  id!: string;

  /** Stored lower-cased; unique. Null only for an account started with a phone code. */
  @Property({ type: 'text', nullable: true })
  email!: string | null;

  @Property({ type: 'text', nullable: true })
  phone?: string | null;

  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: 'text', default: '' })
  fullName!: string;

  @Property({ type: 'text', default: 'user' })
  @Check({ name: 'users_role_check', expression: "role in ('admin', 'user')" })
  role!: 'admin' | 'user';

  @Property({ type: 'datetime', nullable: true })
  emailConfirmedAt?: Date | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Date;
}
