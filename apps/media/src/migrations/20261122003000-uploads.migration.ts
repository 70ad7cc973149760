import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003000Uploads extends Migration {
  override name = 'Migration20261122003000Uploads';

  override up(): void {
    // Every stored image set (large, card and thumb variants under one prefix). Pending
    // until a product uses it; pending ones left behind by an abandoned form are swept.
    this.addSql(`create table media_uploads (
      id text primary key,
      prefix text not null unique,
      status text not null check (status in ('pending', 'attached')),
      product_id text,
      uploaded_by text not null,
      content_type text not null,
      bytes integer not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql("create index media_uploads_pending_idx on media_uploads (created_at) where status = 'pending'");
  }
}
