import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A signed-in session: one family of rotating refresh tokens. */
@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ type: 'string' })
  id!: string;

  @Property({ type: 'string' })
  userId!: string;

  @Property({ type: 'string', nullable: true })
  userAgent?: string | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}

/** One refresh token of a session, stored as a SHA-256 hash; used once, then rotated. */
@Entity({ tableName: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryKey({ type: 'string' })
  tokenHash!: string;

  @Property({ type: 'string' })
  sessionId!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;
}

/** A mailed or texted single-use token (email confirmation, password reset, SMS code). */
@Entity({ tableName: 'one_time_tokens' })
export class OneTimeToken {
  @PrimaryKey({ type: 'string' })
  tokenHash!: string;

  @Property({ type: 'string' })
  purpose!: 'confirm' | 'reset' | 'otp';

  @Property({ type: 'string', nullable: true })
  userId?: string | null;

  @Property({ type: 'string', nullable: true })
  phone?: string | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;
}

/** A key pair that signs access tokens; the public half is served as JWKS. */
@Entity({ tableName: 'signing_keys' })
export class SigningKey {
  @PrimaryKey({ type: 'string' })
  kid!: string;

  @Property({ type: 'json', hidden: true })
  privateJwk!: Record<string, unknown>;

  @Property({ type: 'json' })
  publicJwk!: Record<string, unknown>;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
