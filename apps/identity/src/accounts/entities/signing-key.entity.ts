import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A key pair that signs access tokens; the public half is served as JWKS until the key is retired. */
@Entity({ tableName: 'signing_keys' })
// The keys in use, newest first.
@Index({ name: 'signing_keys_active_idx', expression: 'create index signing_keys_active_idx on signing_keys (created_at desc) where retired_at is null' })
export class SigningKey {
  @PrimaryKey({ type: 'text' })
  kid!: string;

  /** ES256; EdDSA rows of earlier installs are retired by a migration and never used. */
  @Property({ type: 'text' })
  alg!: string;

  @Property({ type: 'json', hidden: true })
  privateJwk!: Record<string, unknown>;

  @Property({ type: 'json' })
  publicJwk!: Record<string, unknown>;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  /** Set once no unexpired token can need the key: it is no longer published. */
  @Property({ type: 'datetime', nullable: true })
  retiredAt?: Date | null;
}
