import { Migration } from '@mikro-orm/migrations';

/** Tables every service has: the transactional outbox and the consumer inbox. */
export class Migration20261122000000Kit extends Migration {
  override name = 'Migration20261122000000Kit';

  override up(): void {
    this.addSql(`create table if not exists outbox_message (
      id text primary key,
      subject text not null,
      envelope jsonb not null,
      headers jsonb,
      created_at timestamptz not null default now(),
      published_at timestamptz,
      attempts integer not null default 0
    )`);
    this.addSql('create index if not exists outbox_message_unpublished_idx on outbox_message (created_at) where published_at is null');
    this.addSql(`create table if not exists inbox_message (
      consumer text not null,
      event_id text not null,
      subject text not null,
      processed_at timestamptz not null default now(),
      primary key (consumer, event_id)
    )`);
  }
}
