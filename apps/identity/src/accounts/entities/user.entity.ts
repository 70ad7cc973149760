import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** An account and its profile (spec §3 Profile and User). */
@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'string' })
  id!: string;

  /** Stored lower-cased; unique. Null only for an account started with a phone code. */
  @Property({ type: 'string', nullable: true })
  email!: string | null;

  @Property({ type: 'string', nullable: true })
  phone?: string | null;

  @Property({ type: 'string', hidden: true })
  passwordHash!: string;

  @Property({ type: 'string' })
  fullName!: string;

  @Property({ type: 'string' })
  role!: 'admin' | 'user';

  @Property({ type: 'datetime', nullable: true })
  emailConfirmedAt?: Date | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
