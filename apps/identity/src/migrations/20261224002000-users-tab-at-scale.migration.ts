import { Migration } from '@mikro-orm/migrations';

/**
 * The Users tab at 100,000 accounts (docs/adr/034-users-tab-at-scale.md): pages newest first
 * with the id breaking ties read one index in the list's order, and the search anywhere in
 * the email or the name (`ILIKE '%…%'`) is served by trigram indexes instead of reading
 * every account. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the
 * database's owner may create it.
 */
export class Migration20261224002000UsersTabAtScale extends Migration {
  override name = 'Migration20261224002000UsersTabAtScale';

  override up(): void {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql('create index users_listed_idx on users (created_at desc, id desc)');
    // Superseded by users_listed_idx.
    this.addSql('drop index users_created_at_idx');
    this.addSql('create index users_email_trgm_idx on users using gin (email gin_trgm_ops)');
    this.addSql('create index users_full_name_trgm_idx on users using gin (full_name gin_trgm_ops)');
  }
}
