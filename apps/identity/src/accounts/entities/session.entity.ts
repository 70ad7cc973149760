import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity.js';

// The foreign keys are DEFERRABLE INITIALLY DEFERRED (checked at commit), as deployed. They
// map to the referenced id (`mapToPk`), so the code reads and writes plain ids while the
// schema, and so the drift check, know the reference.

/** A signed-in session: one family of rotating refresh tokens. */
@Entity({ tableName: 'sessions' })
@Index({ name: 'sessions_user_idx', properties: ['userId'] })
export class Session {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => User, { mapToPk: true, fieldName: 'user_id', deleteRule: 'cascade', deferMode: 'deferred', foreignKeyName: 'sessions_user_id_fkey' })
  userId!: string;

  @Property({ type: 'text', nullable: true })
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
@Index({ name: 'refresh_tokens_session_idx', properties: ['sessionId'] })
export class RefreshToken {
  @PrimaryKey({ type: 'text' })
  tokenHash!: string;

  @ManyToOne(() => Session, { mapToPk: true, fieldName: 'session_id', deleteRule: 'cascade', deferMode: 'deferred', foreignKeyName: 'refresh_tokens_session_id_fkey' })
  sessionId!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;
}

/** A mailed or texted single-use token (email confirmation, password reset, SMS code). */
@Entity({ tableName: 'one_time_tokens' })
export class OneTimeToken {
  @PrimaryKey({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'text' })
  @Check({ name: 'one_time_tokens_purpose_check', expression: "purpose in ('confirm', 'reset', 'otp')" })
  purpose!: 'confirm' | 'reset' | 'otp';

  @ManyToOne(() => User, { mapToPk: true, nullable: true, fieldName: 'user_id', deleteRule: 'cascade', deferMode: 'deferred', foreignKeyName: 'one_time_tokens_user_id_fkey' })
  userId?: string | null;

  @Property({ type: 'text', nullable: true })
  phone?: string | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;
}
