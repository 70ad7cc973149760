// Foreign keys are DEFERRABLE INITIALLY DEFERRED: the unit of work orders inserts by
// entity type, not by these database-only references, so they are checked at commit.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122001000Identity extends Migration {
  override name = 'Migration20261122001000Identity';

  override up(): void {
    this.addSql(`create table users (
      id text primary key,
      email text,
      phone text,
      password_hash text not null,
      full_name text not null default '',
      role text not null default 'user' check (role in ('admin', 'user')),
      email_confirmed_at timestamptz,
      created_at timestamptz not null default now()
    )`);
    // Accounts started with a phone code have no email until they add one.
    this.addSql('create unique index users_email_key on users (lower(email))');
    this.addSql('alter table users add constraint users_email_or_phone check (email is not null or phone is not null)');
    this.addSql('create unique index users_phone_key on users (phone) where phone is not null');
    this.addSql('create index users_created_at_idx on users (created_at desc)');

    this.addSql(`create table sessions (
      id text primary key,
      user_id text not null references users (id) on delete cascade deferrable initially deferred,
      user_agent text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`);
    this.addSql('create index sessions_user_idx on sessions (user_id)');
    this.addSql(`create table refresh_tokens (
      token_hash text primary key,
      session_id text not null references sessions (id) on delete cascade deferrable initially deferred,
      created_at timestamptz not null,
      used_at timestamptz
    )`);
    this.addSql('create index refresh_tokens_session_idx on refresh_tokens (session_id)');
    this.addSql(`create table one_time_tokens (
      token_hash text primary key,
      purpose text not null check (purpose in ('confirm', 'reset', 'otp')),
      user_id text references users (id) on delete cascade deferrable initially deferred,
      phone text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`);
    this.addSql(`create table signing_keys (
      kid text primary key,
      private_jwk jsonb not null,
      public_jwk jsonb not null,
      created_at timestamptz not null
    )`);

    this.addSql(`create table user_addresses (
      id text primary key,
      user_id text not null references users (id) on delete cascade deferrable initially deferred,
      nickname text,
      full_name text not null,
      phone text not null,
      address_line_1 text not null,
      address_line_2 text,
      city text not null,
      state text not null,
      postal_code text not null check (postal_code ~ '^[0-9]{6}$'),
      country text not null default 'India',
      address_type text not null check (address_type in ('shipping', 'billing', 'both')),
      is_default_shipping boolean not null default false,
      is_default_billing boolean not null default false,
      created_at timestamptz not null default now(),
      check (not is_default_shipping or address_type in ('shipping', 'both')),
      check (not is_default_billing or address_type in ('billing', 'both'))
    )`);
    this.addSql('create index user_addresses_user_idx on user_addresses (user_id, created_at desc)');
    // One default of each kind per user, enforced by the database itself.
    this.addSql('create unique index user_addresses_default_shipping_key on user_addresses (user_id) where is_default_shipping');
    this.addSql('create unique index user_addresses_default_billing_key on user_addresses (user_id) where is_default_billing');

    this.addSql(`create table messages (
      id text primary key,
      kind text not null check (kind in ('mail', 'sms')),
      recipient text not null,
      subject text not null,
      text text not null,
      links jsonb not null default '[]'::jsonb,
      status text not null check (status in ('pending', 'sent', 'kept', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`);
    this.addSql("create index messages_pending_idx on messages (next_attempt_at) where status = 'pending'");
  }
}
