import { Migration } from '@mikro-orm/migrations';

/**
 * Access tokens move from EdDSA to ES256 (passport-jwt's jsonwebtoken has no EdDSA) and
 * keys rotate: a key records its algorithm and when it was retired. EdDSA keys of earlier
 * installs are retired here; identity mints its first ES256 key when it next signs.
 */
export class Migration20261201001000Es256SigningKeys extends Migration {
  override name = 'Migration20261201001000Es256SigningKeys';

  override up(): void {
    this.addSql("alter table signing_keys add column alg text not null default 'EdDSA'");
    this.addSql("update signing_keys set alg = coalesce(public_jwk ->> 'alg', 'EdDSA')");
    this.addSql('alter table signing_keys alter column alg drop default');
    this.addSql('alter table signing_keys add column retired_at timestamptz');
    this.addSql("update signing_keys set retired_at = now() where alg <> 'ES256'");
    this.addSql('create index signing_keys_active_idx on signing_keys (created_at desc) where retired_at is null');
  }
}
