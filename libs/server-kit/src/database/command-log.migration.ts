import { Migration } from '@mikro-orm/migrations';

/** The command log every service has (idempotent commands, ADR 012). */
export class Migration20261201000000CommandLog extends Migration {
  override name = 'Migration20261201000000CommandLog';

  override up(): void {
    this.addSql(`create table if not exists command_log (
      subject text not null,
      command_id text not null,
      request_hash text not null,
      reply jsonb,
      created_at timestamptz not null default now(),
      primary key (subject, command_id)
    )`);
    this.addSql('create index if not exists command_log_created_at_idx on command_log (created_at)');
  }
}
