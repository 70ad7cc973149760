import { Migration } from '@mikro-orm/migrations';

/**
 * Orders that need a decision (docs/adr/081-needs-attention.md). A refund can be settled
 * outside the shop (who, when, the note), tried again (`attempts`, `started_at`: when it was
 * last handed to PhonePe, from which "stuck" is counted) and be the excess of an accepted
 * payment (`excess`: not part of the order's refunded amount). The admins' decisions are
 * rows of their own; the day's digest is claimed by one row per India day. The open refunds
 * and the held orders have small partial indexes: the figure and the filter read only them.
 */
export class Migration20270112000000NeedsAttention extends Migration {
  override name = 'Migration20270112000000NeedsAttention';

  override up(): void {
    this.addSql(`alter table order_refunds
      add column started_at timestamptz not null default now(),
      add column attempts integer not null default 1,
      add column excess boolean not null default false,
      add column settled_at timestamptz,
      add column settled_by text,
      add column settled_note text`);
    this.addSql('update order_refunds set started_at = created_at');
    this.addSql('create index order_refunds_open_idx on order_refunds (order_id) where refunded_at is null and settled_at is null');
    this.addSql("create index orders_held_idx on orders (created_at desc, id desc) where archived_at is null and state = 'held'");

    this.addSql(`create table order_decisions (
      id text primary key,
      order_id text not null references orders (id) on delete cascade,
      kind text not null,
      amount_paise bigint not null,
      merchant_refund_id text,
      note text,
      decided_by text not null,
      decided_at timestamptz not null default now(),
      constraint order_decisions_kind_check check (kind in ('payment-accepted', 'held-refunded', 'refund-retried', 'refund-settled'))
    )`);
    this.addSql('create index order_decisions_order_idx on order_decisions (order_id, decided_at)');
    this.addSql(`create constraint trigger order_decisions_list_changed after insert or update or delete on order_decisions
      deferrable initially deferred for each row execute function order_list_changed()`);

    this.addSql(`create table attention_digests (
      day text primary key,
      orders integer not null,
      sent_at timestamptz not null default now()
    )`);
  }
}
